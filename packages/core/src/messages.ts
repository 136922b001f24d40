/**
 * The product's message catalogue. Texts come verbatim from the specification; `%s`
 * placeholders are filled in order by `formatMessage`.
 */
export const MESSAGES = {
  // Generic list and resource helpers
  fetchInfoError: 'An error occurred while fetching %s info: %s',
  fetchListError: 'An error occurred while fetching %ss: %s',
  createError: 'An error occurred while creating %ss: %s',
  importError: 'An error occurred while importing %s: %s',
  importHint: 'Please re-export your file and try importing again',
  importPasswordNeeded: 'Must provide a password for the database',
  /** %ss: the resource in the plural's stem, e.g. "dataset" (the spec's dataset warning). */
  importOverwriteWarning:
    'You are importing one or more %ss that already exist. Overwriting might cause you to lose some of your work. Are you sure you want to overwrite?',
  /** The database import prompt (Superset's wording of the spec's summary). */
  importDatabasePasswordsNeeded:
    'The passwords for the databases below are needed in order to import them. Please note that the "Secure Extra" and "Certificate" sections of the database configuration are not present in export files, and should be added manually after the import if they are needed.',
  /** The same prompt when importing other resources, e.g. "…together with the dashboards." */
  importPasswordsNeededWith:
    'The passwords for the databases below are needed in order to import them together with the %ss. Please note that the "Secure Extra" and "Certificate" sections of the database configuration are not present in export files, and should be added manually after the import if they are needed.',
  favoriteStatusFetchError: 'There was an error fetching the favorite status: %s',
  favoriteStatusSaveError: 'There was an error saving the favorite status: %s',
  recentActivityError: 'There was an error fetching your recent activity:',
  deleteError: 'There was an issue deleting: %s',
  deleteNamedError: 'There was an issue deleting %s: %s',
  deleted: 'Deleted: %s',
  // Reports (spec 000 §8 "Reports"; Superset's texts)
  reportsFetchError: 'There was an issue fetching reports attached to this dashboard.',
  reportCreated: 'The report has been created',
  reportUpdated: 'Report updated',
  reportToggleError: 'We were unable to active or deactivate this report.',
  reportDeleteError: 'Your report could not be deleted',
  linkCopied: 'Link Copied!',
  copyUnsupported: 'Sorry, your browser does not support copying.',
  connectionGood: 'Connection looks good!',
  connectionError: 'ERROR: %s',
  /** A database is not saved when its connection fails (Superset's DatabaseConnectionFailedError). */
  databaseConnectionFailed: 'Connection failed, please check your connection settings',
  // Datasets
  datasetSaved: 'The dataset has been saved',
  datasetSaveError: 'An error occurred saving dataset',
  datasetSaveErrorModal: 'An error has occurred when saving dataset',
  datasetManagedExternally: "This dataset is managed externally, and can't be edited in Superset",
  datasetOwnerRequired:
    'You must be a dataset owner in order to edit. Please reach out to a dataset owner to request modifications or edit access.',
  noSavedMetrics: 'No saved metrics found',
  noTemporalColumns: 'No temporal columns found',
  noSavedExpressions: 'No saved expressions found',
  // SQL editor (SQL Lab)
  queryLoadError: "The query couldn't be loaded.",
  datasourceLoadError: "The datasource couldn't be loaded.",
  queryScheduleError: 'Your query could not be scheduled.',
  queryScheduled:
    'Your query has been scheduled. To see details of your query, navigate to Saved queries',
  queryStopped: 'Query was stopped.',
  queryStopError: 'Failed at stopping query. %s',
  querySaveError: 'Your query could not be saved.',
  querySaved: 'Your query was saved',
  queryNotProperlySaved: 'Your query was not properly saved.',
  queryUpdated: 'Your query was updated',
  queryUpdateError: 'Your query could not be updated.',
  resultsFetchError: 'Failed at retrieving results.',
  tabAddError: 'Unable to add a new tab to the backend. Please contact your administrator.',
  tabStateError: 'An error occurred while %s. Please contact your administrator.',
  storeSqlError:
    'An error occurred while storing your query in the backend. To avoid losing your changes, please save your query using the "Save Query" button.',
  migrationWarning:
    'Unable to migrate query state to the backend. Strata will retry later. Please contact your administrator if this problem persists.',
  datasourceCreateError: 'An error occurred while creating the data source',
  sqlLoadError: 'An error occurred while loading the SQL.',
  // Error panel and chart states
  unexpectedError: 'Unexpected error',
  /** The error panel's link text when the error carries an access link. */
  requestAccess: 'Request Access',
  networkError: 'Network error.',
  unknownError: 'Unknown error.',
  sorryError: 'Sorry, an error occurred.',
  // Explore and charts
  chartStopped: 'Updating chart was stopped',
  vizTypeNotSupported: 'This visualization type is not supported.',
  missingUrlParams: 'Missing URL parameters',
  missingUrlParamsDetail: 'The URL is missing the dataset_id or slice_id parameters.',
  missingDataset: 'Missing dataset',
  missingDatasetDetail: 'The dataset linked to this chart may have been deleted.',
  incompatibleColumn: 'This column might be incompatible with current dataset',
  incompatibleFilter: 'This filter might be incompatible with current dataset',
  incompatibleMetric: 'This metric might be incompatible with current dataset',
  renderError: 'An error occurred while rendering the visualization: %s',
  limitReached: 'Limit reached',
  starChartError: 'An error occurred while starring this chart',
  inheritedFilter:
    "This filter was inherited from the dashboard's context. It won't be saved when saving the chart.",
  noResults: 'No results were returned for this query',
  advancedTypeFailed: 'Failed to retrieve advanced type',
  chartSaved: 'Chart [%s] has been saved',
  chartOverwritten: 'Chart [%s] has been overwritten',
  dashboardCreatedWithChart: 'Dashboard [%s] just got created and chart [%s] was added to it',
  chartAddedToDashboard: 'Chart [%s] was added to dashboard [%s]',
  // Dashboards
  dashboardFavoriteStatusError:
    'There was an issue fetching the favorite status of this dashboard.',
  dashboardFavoriteError: 'There was an issue favoriting this dashboard.',
  dashboardEditForbidden: 'You do not have permissions to edit this dashboard.',
  dashboardSaveForbidden: 'You do not have permission to edit this dashboard.',
  dashboardSaveError: 'Sorry, there was an error saving this dashboard: %s',
  dashboardUnknownError: 'Sorry, an unknown error occurred.',
  missingChartDefinition:
    'Sorry, there is no chart definition associated with the chart trying to be added.',
  dashboardPublished: 'This dashboard is now published',
  dashboardHidden: 'This dashboard is now hidden',
  dashboardSaved: 'This dashboard was saved successfully.',
  undoLimitReached:
    'You have used all %s undo slots and will not be able to fully undo subsequent actions. You may save your current state to reset the history.',
  notEnoughSpace:
    'There is not enough space for this component. Try decreasing its width, or increasing the destination width.',
  topLevelTabIntoNested: 'Can not move top level tab into nested tabs',
  movedToOtherFilterScope: 'This chart has been moved to a different filter scope.',
  untitledDashboard: '[ untitled dashboard ]',
  /** Superset's placeholder of Explore's chart title (ExploreChartHeader). */
  chartTitlePlaceholder: 'Add the name of the chart',
  /** Spec 001 §8, dialog alerts of the save dialog. */
  saveSliceFailed: 'Failed to save slice',
  fetchDashboardsFailed: 'fetching dashboards failed for %s',
  /** Spec 001 §8: the dashboard builder's chart list could not be read. */
  couldNotFetchSavedCharts: 'Could not fetch all saved charts',
  errorFetchingSavedCharts: 'Sorry there was an error fetching saved charts: %s',
  /** Spec 001 §7: the async select control's failure toast. */
  errorWhileFetchingData: 'Error while fetching data: %s',
  colorSchemeOverriddenByLabelColors:
    'This color scheme is being overridden by custom label colors. Check the JSON metadata in the Advanced settings',
  colorSchemeFromDashboard:
    'The color scheme is determined by the related dashboard. Edit the color scheme in the dashboard properties.',
  /** Spec 001 §2: the column config list's toggle past 12 columns. */
  showAllColumns: 'Show all columns',
  showLessColumns: 'Show less columns',
  /** Spec 000 §5: the geo position control's error when its value is incomplete. */
  invalidLatLongConfiguration: 'Invalid lat/long configuration',
  confirmOverwrite: 'Please confirm the overwrite values.',
  // Validation
  requiredField: 'This is a required field',
  cannotBeEmpty: 'cannot be empty',
  expectedInteger: 'is expected to be an integer',
  expectedNumber: 'is expected to be a number',
  // Session
  sessionTimedOut: 'Your session timed out, please refresh your page and try again.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Fills each `%s` of a template with the next argument, in order. */
export function formatMessage(template: string, ...args: Array<string | number>): string {
  let i = 0;
  return template.replace(/%s/g, () => {
    const value = args[i];
    i += 1;
    return value === undefined ? '' : String(value);
  });
}
