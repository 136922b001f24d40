/**
 * What a dashboard adds to a chart (`extra_form_data`), and what must follow from it: under a
 * time range a chart whose query has a time scope answers other data; under a native filter
 * value a chart whose own filters do not name the column answers fewer rows, or other data from
 * no more rows. Shared by the example dashboards' charts and the hand-built chart types.
 */
import assert from 'node:assert/strict';

export function hasTimeScope(queryContext) {
  return queryContext.queries.some(
    (q) => q.granularity || (q.filters ?? []).some((f) => f.op === 'TEMPORAL_RANGE'),
  );
}

/** The columns the chart's own simple adhoc filters name. */
export function filterColumns(formData) {
  return new Set(
    [...(formData.adhoc_filters ?? []), ...(formData.adhoc_filters_b ?? [])]
      .filter((f) => f.expressionType === 'SIMPLE')
      .map((f) => (typeof f.subject === 'string' ? f.subject : f.subject?.column_name)),
  );
}

/**
 * The native filter of a dataset: the dashboard's own filter_select on it (from its
 * `json_metadata`), else its first groupable string column; the value is the first non-empty
 * one `GET /api/v1/datasource/table/{id}/column/{col}/values/` answers. Null when the column
 * has fewer than two values (the filter could not change anything).
 */
export async function nativeFilterFor(client, dashboardMeta, dataset, cache) {
  if (cache.has(dataset.id)) return cache.get(dataset.id);
  const configured = (dashboardMeta.native_filter_configuration ?? [])
    .filter((f) => f.filterType === 'filter_select')
    .flatMap((f) => f.targets ?? [])
    .find((tg) => tg.datasetId === dataset.id && tg.column?.name);
  const column =
    configured?.column.name ??
    dataset.columns.find(
      (c) =>
        c.type_generic === 1 &&
        c.groupby !== false &&
        c.filterable !== false &&
        !c.is_dttm &&
        !c.expression,
    )?.column_name;
  let filter = null;
  if (column) {
    const { result: values } = await client.get(
      `/api/v1/datasource/table/${dataset.id}/column/${encodeURIComponent(column)}/values/`,
    );
    const value = values.find((v) => v !== null && v !== '');
    if (values.length > 1 && value !== undefined) filter = { col: column, op: 'IN', val: [value] };
  }
  cache.set(dataset.id, filter);
  return filter;
}

/** `run` (under `timeRange`) answers other data than `base` (as saved) when it has a time scope. */
export function assertTimeRangeApplied(base, run, timeRange) {
  if (!base || !hasTimeScope(run.queryContext) || base.result[0].rowcount === 0) return false;
  assert.notDeepEqual(
    run.result[0].data,
    base.result[0].data,
    `the time range ${timeRange} changes the answer (${run.result[0].rowcount} rows, as saved ${base.result[0].rowcount})`,
  );
  return true;
}

/** `run` (under `filter`) answers fewer rows, or other data from no more rows, than `base`. */
export function assertFilterApplied(base, run, filter, formData) {
  if (!base || filterColumns(formData).has(filter.col) || base.result[0].rowcount === 0)
    return false;
  const before = base.result[0].rowcount;
  const rows = run.result[0].rowcount;
  const what = `${filter.col} in ${JSON.stringify(filter.val)}`;
  assert.ok(rows <= before, `${what}: ${rows} rows, no more than ${before}`);
  assert.ok(
    rows < before || JSON.stringify(run.result[0].data) !== JSON.stringify(base.result[0].data),
    `${what} shrinks or changes the answer (${rows} rows, as saved ${before})`,
  );
  return true;
}
