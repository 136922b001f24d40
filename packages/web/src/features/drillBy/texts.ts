/** The texts of "Drill by" (Superset's product texts). */
export const DRILL_BY_TEXTS = {
  drillBy: 'Drill by',
  searchColumns: 'Search columns',
  noColumns: 'No columns found',
  notForRawRows: 'Drill by is not available for this data point',
  modalTitle: (chartName: string) => `Drill by: ${chartName}`,
  chart: 'Chart',
  table: 'Table',
  editChart: 'Edit chart',
  close: 'Close',
  noEditPermission: 'You do not have sufficient permissions to edit the chart',
  loadError: 'There was an error loading the chart data',
} as const;
