/**
 * Pure parts of "Drill to detail": a chart's form data (dashboard filters already in its
 * `extra_form_data`) as the samples endpoint's body (Superset's `getDrillPayload`: the query
 * object's filters, WHERE clause, time range and time column, plus the clicked point's drill
 * filters), the tags' labels, the menu's labels, the table's cell text, and who may drill.
 */
import {
  GenericDataType,
  userHasPermission,
  type BootstrapUser,
  type QueryFormData,
} from '@strata/core';
import { buildQueryObject, type ChartMetadata, type DrillFilter } from '@strata/charts';

type Scalar = string | number | boolean | null;

/** One filter of the samples body (SamplesPayloadSchema). */
export interface SamplesFilter {
  col: string;
  op: string;
  val?: Scalar | Scalar[];
  grain?: string;
}

/** The body of `POST /datasource/samples` (SamplesPayloadSchema). */
export interface SamplesPayload {
  granularity?: string;
  time_range?: string;
  filters: SamplesFilter[];
  extras?: { where?: string };
}

/**
 * The whole chart's drill payload: the query object the chart runs (dashboard filters merged,
 * adhoc SIMPLE filters as `{col, op, val}`, SQL WHERE clauses as `extras.where`), its time range
 * and time column; then the point's drill filters. Filters on adhoc SQL columns and HAVING
 * clauses are left out (samples are raw rows).
 */
export function drillPayload(
  formData: QueryFormData,
  drillFilters: readonly DrillFilter[] = [],
): SamplesPayload {
  const query = buildQueryObject(formData);
  const filters: SamplesFilter[] = [];
  for (const f of query.filters ?? []) {
    if (typeof f.col !== 'string') continue;
    filters.push({
      col: f.col,
      op: f.op,
      ...(f.val !== undefined ? { val: f.val } : {}),
      ...(f.grain ? { grain: f.grain } : {}),
    });
  }
  for (const f of drillFilters)
    filters.push({ col: f.col, op: f.op, val: f.val, ...(f.grain ? { grain: f.grain } : {}) });
  const payload: SamplesPayload = { filters };
  if (query.granularity) payload.granularity = query.granularity;
  if (query.time_range) payload.time_range = query.time_range;
  const where = query.extras?.where;
  if (where) payload.extras = { where };
  return payload;
}

/** A drill filter's tag: `col = value` as the chart shows the value. */
export function drillFilterLabel(f: DrillFilter): string {
  return `${f.col} ${f.op === '==' ? '=' : f.op} ${f.formattedVal}`;
}

/** The context menu's entry for one value. */
export function drillByLabel(f: DrillFilter): string {
  return `Drill to detail by ${f.formattedVal}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date-time as `YYYY-MM-DD HH:mm:ss` (UTC, as the charts draw naive times). */
export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return String(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(
    d.getUTCHours(),
  )}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** A cell's text: temporal values as dates, null as null (the table shows "N/A"). */
export function cellText(value: unknown, coltype: number | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (coltype === GenericDataType.TEMPORAL) {
    if (typeof value === 'number') return formatDateTime(value);
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
      const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
      if (!Number.isNaN(ms)) return formatDateTime(ms);
    }
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** "{n} rows" (Superset's row count label). */
export function rowCountLabel(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;
}

/**
 * Whether a chart offers "Drill to detail": its plugin has the DRILL_TO_DETAIL behavior, its
 * datasource is a dataset (table), and the user may read datasets (the samples endpoint's rule).
 */
export function canDrillToDetail(
  metadata: Pick<ChartMetadata, 'behaviors'> | undefined,
  datasourceType: string | undefined,
  user: Pick<BootstrapUser, 'roles'> | null,
): boolean {
  return (
    (metadata?.behaviors ?? []).includes('DRILL_TO_DETAIL') &&
    (datasourceType === 'table' || datasourceType === 'dataset') &&
    userHasPermission(user, 'can_read', 'Dataset')
  );
}
