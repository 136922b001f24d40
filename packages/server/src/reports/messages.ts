/**
 * What a run writes to the execution log (Superset's report command messages, so logs read the
 * same to a Superset team; `%s` filled by core's `formatMessage`).
 */
export const REPORT_LOG_MESSAGES = {
  workingTimeout: 'Report Schedule reached a working timeout.',
  previousWorking: 'Report Schedule is still working, refusing to re-compute.',
  graceFired: 'Alert fired during grace period.',
  multipleRows: 'Alert query returned more than one row. %s rows returned',
  multipleColumns: 'Alert query returned more than one column. %s columns returned',
  invalidType: 'Alert query returned a non-number value.',
  queryError: 'Alert found an error while executing a query.',
  screenshotFailed: 'Report Schedule execution failed when generating a screenshot.',
  pdfFailed: 'Report Schedule execution failed when generating a pdf.',
  csvFailed: 'Report Schedule execution failed when generating a csv.',
  dataFrameFailed: 'Report Schedule execution failed when generating a dataframe.',
  executorNotFound: 'Report Schedule executor user %s was not found.',
  unexpected: 'Report Schedule execution got an unexpected error.',
  /** Ours: the executor may not see the report's chart, dashboard or database any more. */
  noAccess: 'The report could not run as %s: %s. Nothing was sent.',
} as const;
