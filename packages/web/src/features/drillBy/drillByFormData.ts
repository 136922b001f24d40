/**
 * Pure parts of "Drill by" (Superset's DrillByMenuItems / DrillByModal): who may drill, which
 * columns the submenu offers, the clicked point's filters a drill keeps, the drilled form data
 * (the chart's groupby replaced by the chosen column, the points' values as filters) and the
 * breadcrumbs of a drill path.
 */
import {
  userHasPermission,
  type AdhocFilter,
  type BootstrapUser,
  type QueryColumn,
  type QueryFormData,
} from '@strata/core';
import {
  drillColumnName,
  type ChartMetadata,
  type DatasourceColumn,
  type DrillFilter,
} from '@strata/charts';

/** One level of a drill path: the column chosen and the filters of the point clicked. */
export interface DrillByStep {
  column: string;
  filters: DrillFilter[];
  /** The field this step regroups (the chart's drill field when absent: a pivot's rows…). */
  field?: string;
  /** The adhoc filter field the step's filters go to (`adhoc_filters` when absent). */
  adhocField?: string;
}

/** Superset shows the submenu's search box above this many columns. */
export const DRILL_BY_SEARCH_THRESHOLD = 10;

/**
 * Whether a chart offers "Drill by": its plugin has the DRILL_BY behavior, its datasource is a
 * dataset, and the user may explore (Superset: can_explore on Superset or can_write on
 * ExploreFormDataRestApi) and read datasets (the columns come from the dataset).
 */
export function canDrillBy(
  metadata: Pick<ChartMetadata, 'behaviors'> | undefined,
  datasourceType: string | undefined,
  user: Pick<BootstrapUser, 'roles'> | null,
): boolean {
  return (
    (metadata?.behaviors ?? []).includes('DRILL_BY') &&
    (datasourceType === 'table' || datasourceType === 'dataset') &&
    userHasPermission(user, 'can_read', 'Dataset') &&
    (userHasPermission(user, 'can_explore', 'Superset') ||
      userHasPermission(user, 'can_write', 'ExploreFormDataRestApi'))
  );
}

/** "Edit chart" in the modal opens Explore (Superset: can_explore on Superset). */
export function canEditDrilledChart(user: Pick<BootstrapUser, 'roles'> | null): boolean {
  return userHasPermission(user, 'can_explore', 'Superset');
}

/** The form data field a drill replaces (`groupby` unless the plugin names another). */
export function drillByField(metadata: Pick<ChartMetadata, 'drillByField'> | undefined): string {
  return metadata?.drillByField ?? 'groupby';
}

/** A table listing raw rows has no grouping to replace. */
export function drillByApplies(formData: QueryFormData): boolean {
  return formData.query_mode !== 'raw';
}

const asList = <T>(v: T | T[] | null | undefined): T[] =>
  v === null || v === undefined ? [] : Array.isArray(v) ? v : [v];

/** The dataset columns a form data field groups by (adhoc SQL columns have no name: left out). */
export function groupbyNames(formData: QueryFormData, field: string): string[] {
  return asList(formData[field] as QueryColumn | QueryColumn[] | undefined)
    .map((c) => drillColumnName(c))
    .filter((c): c is string => c !== null);
}

/** A column as the menu and breadcrumbs show it: its verbose name, else its name. */
export function columnLabel(column: Pick<DatasourceColumn, 'column_name' | 'verbose_name'>) {
  return column.verbose_name || column.column_name;
}

/**
 * The submenu's columns: the dataset's groupable columns, without those the chart already
 * groups by (its drill field and its x-axis) and those the drill path already used.
 */
export function drillByColumns(
  columns: readonly DatasourceColumn[],
  formData: QueryFormData,
  field: string,
  used: readonly string[] = [],
): DatasourceColumn[] {
  const taken = new Set([...groupbyNames(formData, field), ...used]);
  const xAxis = drillColumnName(formData.x_axis);
  if (xAxis !== null) taken.add(xAxis);
  return columns.filter((c) => c.groupby !== false && !taken.has(c.column_name));
}

/** The columns whose label contains the search text (case-insensitive). */
export function searchColumns(
  columns: readonly DatasourceColumn[],
  search: string,
): DatasourceColumn[] {
  const q = search.trim().toLowerCase();
  if (!q) return [...columns];
  return columns.filter((c) => columnLabel(c).toLowerCase().includes(q));
}

/**
 * The clicked point's filters a drill keeps: its dimension values, not a temporal x value
 * (Superset's time-series pass their categorical dimensions only; the x-axis stays on the
 * drilled chart, so filtering it to one period would leave one point).
 */
export function drillByFilters(
  filters: readonly DrillFilter[],
  formData: QueryFormData,
  columns: readonly DatasourceColumn[],
): DrillFilter[] {
  const xAxis = drillColumnName(formData.x_axis);
  const temporal = new Set(columns.filter((c) => c.is_dttm).map((c) => c.column_name));
  return filters.filter((f) => !f.grain && !(f.col === xAxis && temporal.has(f.col)));
}

/** A drill filter as an adhoc WHERE filter (Superset's simpleFilterToAdhoc). */
export function drillFilterToAdhoc(filter: DrillFilter): AdhocFilter {
  return {
    expressionType: 'SIMPLE',
    clause: 'WHERE',
    subject: filter.col,
    operator: '==',
    comparator: filter.val,
  };
}

/**
 * The form data of a drill path: each step's point filters added to the chart's adhoc filters
 * (or the step's own adhoc field: a mixed chart's query B) and its drill field (the step's own,
 * else `field`) set to its column (an array field gets `[column]`; the last step on a field
 * wins). The
 * result is an unsaved chart (no slice id or name), as Superset's drilled form data; the
 * dashboard's filters (`extra_form_data`) stay. No steps: the chart itself.
 */
export function drilledFormData(
  base: QueryFormData,
  steps: readonly DrillByStep[],
  field: string,
): QueryFormData {
  if (steps.length === 0) return base;
  const out: QueryFormData = { ...base };
  // Each step regroups its field (a later step on the same field wins) and filters its values.
  for (const step of steps) {
    const stepField = step.field ?? field;
    out[stepField] =
      Array.isArray(base[stepField]) || base[stepField] === undefined ? [step.column] : step.column;
    const adhocField = step.adhocField ?? 'adhoc_filters';
    out[adhocField] = [
      ...((out[adhocField] as AdhocFilter[] | undefined) ?? []),
      ...step.filters.map(drillFilterToAdhoc),
    ];
  }
  delete out.slice_id;
  delete out.slice_name;
  delete out.dashboards;
  return out;
}

/** One breadcrumb: its text; the last one is where the modal is. */
export interface DrillByCrumb {
  label: string;
  current: boolean;
}

/**
 * The breadcrumbs of a drill path (Superset's): the chart's own grouping (its name when it
 * has none), then each column drilled by; every level but the last shows, in parentheses, the
 * values of the point drilled from it.
 */
export function drillByBreadcrumbs(
  base: QueryFormData,
  field: string,
  steps: readonly DrillByStep[],
  columns: readonly DatasourceColumn[],
  chartName: string,
): DrillByCrumb[] {
  const byName = new Map(columns.map((c) => [c.column_name, c]));
  const label = (name: string) => {
    const c = byName.get(name);
    return c ? columnLabel(c) : name;
  };
  const values = (filters: readonly DrillFilter[] | undefined) =>
    filters && filters.length ? ` (${filters.map((f) => f.formattedVal).join(', ')})` : '';
  const first = groupbyNames(base, field).map(label).join(', ') || chartName;
  const levels = [first, ...steps.map((s) => label(s.column))];
  return levels.map((text, i) => ({
    label: `${text}${values(steps[i]?.filters)}`,
    current: i === levels.length - 1,
  }));
}

/** Back to breadcrumb `index`: the path up to that level (0: the chart itself). */
export function drillBackTo(steps: readonly DrillByStep[], index: number): DrillByStep[] {
  return steps.slice(0, Math.max(0, index));
}

/** Drilling further from the current level by a column, from a point's filters. */
export function drillFurther(
  steps: readonly DrillByStep[],
  column: string,
  filters: readonly DrillFilter[],
  grouping: Pick<DrillByStep, 'field' | 'adhocField'> = {},
): DrillByStep[] {
  return [...steps, { column, filters: [...filters], ...grouping }];
}

/** The columns a path used (offered no more when drilling further). */
export function usedColumns(steps: readonly DrillByStep[]): string[] {
  return steps.map((s) => s.column);
}
