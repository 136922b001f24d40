/**
 * Pure rewrites of imported objects onto this server's ids (Superset's update_id_refs and
 * update_chart_config_dataset): a chart's params and query context onto its dataset's new id; a
 * dashboard's layout (each CHART's `meta.chartId` from its `meta.uuid`) and metadata (every place
 * that names charts by id, old ids taken from the layout; native filter targets' `datasetUuid`
 * given a `datasetId`). Ids the bundle cannot map are dropped from lists and keys.
 */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A uuid as the store keeps it (lower case, with hyphens), or null when the text is not one.
 * Superset accepts a uuid written without hyphens or in upper case.
 */
export function canonicalUuid(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const hex = text.replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A deep copy of JSON data. */
export const cloneJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The CHART components of a layout: component id, the chart uuid and the old chart id. */
export interface LayoutChart {
  component: string;
  uuid: string | null;
  chartId: number | null;
}

export function layoutCharts(position: unknown): LayoutChart[] {
  if (!isObject(position)) return [];
  const out: LayoutChart[] = [];
  for (const [component, value] of Object.entries(position)) {
    if (!isObject(value) || value.type !== 'CHART') continue;
    const meta = isObject(value.meta) ? value.meta : {};
    const uuid = canonicalUuid(meta.uuid);
    const chartId =
      typeof meta.chartId === 'number' && Number.isInteger(meta.chartId) ? meta.chartId : null;
    out.push({ component, uuid, chartId });
  }
  return out;
}

/** The dataset uuids the native filters of a dashboard's metadata target. */
export function nativeFilterDatasetUuids(metadata: unknown): string[] {
  const out = new Set<string>();
  if (!isObject(metadata) || !Array.isArray(metadata.native_filter_configuration)) return [];
  for (const filter of metadata.native_filter_configuration) {
    if (!isObject(filter) || !Array.isArray(filter.targets)) continue;
    for (const target of filter.targets) {
      const uuid = isObject(target) ? canonicalUuid(target.datasetUuid) : null;
      if (uuid) out.add(uuid);
    }
  }
  return [...out];
}

/** A copy of the layout with each CHART's `meta.chartId` set from its uuid. */
export function remapPosition(position: Json, chartIds: ReadonlyMap<string, number>): Json {
  const out = cloneJson(position);
  for (const value of Object.values(out)) {
    if (!isObject(value) || value.type !== 'CHART' || !isObject(value.meta)) continue;
    const uuid = canonicalUuid(value.meta.uuid);
    const id = uuid === null ? undefined : chartIds.get(uuid);
    if (id !== undefined) value.meta.chartId = id;
  }
  return out;
}

/** Old chart id (as the layout has it) → new chart id, through the layout's uuids. */
export function oldToNewChartIds(
  position: unknown,
  chartIds: ReadonlyMap<string, number>,
): Map<number, number> {
  const map = new Map<number, number>();
  for (const c of layoutCharts(position)) {
    if (c.uuid === null || c.chartId === null) continue;
    const id = chartIds.get(c.uuid);
    if (id !== undefined) map.set(c.chartId, id);
  }
  return map;
}

function asId(v: unknown): number | null {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d{1,10}$/.test(v)) return Number(v);
  return null;
}

/** A list of chart ids mapped, unknown ones dropped; non-lists kept as they are. */
function mapIdList(list: unknown, ids: ReadonlyMap<number, number>): unknown {
  if (!Array.isArray(list)) return list;
  const out: number[] = [];
  for (const v of list) {
    const old = asId(v);
    const id = old === null ? undefined : ids.get(old);
    if (id !== undefined) out.push(id);
  }
  return out;
}

/** An object keyed by chart id with its keys mapped, unknown ones dropped. */
function mapIdKeys(obj: unknown, ids: ReadonlyMap<number, number>): unknown {
  if (!isObject(obj)) return obj;
  const out: Json = {};
  for (const [key, value] of Object.entries(obj)) {
    const old = asId(key);
    const id = old === null ? undefined : ids.get(old);
    if (id !== undefined) out[String(id)] = value;
  }
  return out;
}

/** A scope (`{rootPath, excluded}`) with its excluded chart ids mapped. */
function mapScope(scope: unknown, ids: ReadonlyMap<number, number>): void {
  if (isObject(scope) && Array.isArray(scope.excluded))
    scope.excluded = mapIdList(scope.excluded, ids);
}

/**
 * A copy of a dashboard's metadata with chart ids mapped (`ids`: old → new) and native filter
 * targets given the id of their dataset (`datasetIds`: uuid → id; the uuid is kept).
 */
export function remapDashboardMetadata(
  metadata: Json,
  ids: ReadonlyMap<number, number>,
  datasetIds: ReadonlyMap<string, number>,
): Json {
  const m = cloneJson(metadata);
  // Keys Superset drops on import: the layout travels as `position`, show_native_filters is gone.
  delete m.positions;
  delete m.show_native_filters;
  if ('timed_refresh_immune_slices' in m)
    m.timed_refresh_immune_slices = mapIdList(m.timed_refresh_immune_slices, ids);
  if ('expanded_slices' in m) m.expanded_slices = mapIdKeys(m.expanded_slices, ids);
  if (isObject(m.filter_scopes)) {
    const scopes = mapIdKeys(m.filter_scopes, ids) as Json;
    for (const columns of Object.values(scopes)) {
      if (!isObject(columns)) continue;
      for (const attributes of Object.values(columns)) {
        if (isObject(attributes) && Array.isArray(attributes.immune))
          attributes.immune = mapIdList(attributes.immune, ids);
      }
    }
    m.filter_scopes = scopes;
  }
  if (typeof m.default_filters === 'string') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(m.default_filters);
    } catch {
      parsed = null;
    }
    m.default_filters = JSON.stringify(isObject(parsed) ? mapIdKeys(parsed, ids) : {});
  }
  if (Array.isArray(m.native_filter_configuration)) {
    for (const filter of m.native_filter_configuration) {
      if (!isObject(filter)) continue;
      if (Array.isArray(filter.targets)) {
        for (const target of filter.targets) {
          if (!isObject(target)) continue;
          const uuid = canonicalUuid(target.datasetUuid);
          const id = uuid === null ? undefined : datasetIds.get(uuid);
          if (id !== undefined) target.datasetId = id;
        }
      }
      mapScope(filter.scope, ids);
      if ('chartsInScope' in filter) filter.chartsInScope = mapIdList(filter.chartsInScope, ids);
    }
  }
  if (isObject(m.chart_configuration)) {
    const config = mapIdKeys(m.chart_configuration, ids) as Json;
    for (const [key, value] of Object.entries(config)) {
      if (!isObject(value)) continue;
      if ('id' in value) value.id = Number(key);
      const cross = value.crossFilters;
      if (isObject(cross)) {
        mapScope(cross.scope, ids);
        if ('chartsInScope' in cross) cross.chartsInScope = mapIdList(cross.chartsInScope, ids);
      }
    }
    m.chart_configuration = config;
  }
  if (isObject(m.global_chart_configuration)) {
    const global = m.global_chart_configuration;
    mapScope(global.scope, ids);
    if ('chartsInScope' in global) global.chartsInScope = mapIdList(global.chartsInScope, ids);
  }
  return m;
}

/**
 * A chart's params on its new dataset: `datasource` → `<id>__table`, `slice_id` → the chart's
 * new id when known; the original instance's dashboard ids (`dashboards`) dropped.
 */
export function rewriteChartParams(
  params: Json | null | undefined,
  datasetId: number,
  chartId: number | null,
): Json {
  const out = cloneJson(params ?? {});
  out.datasource = `${datasetId}__table`;
  if (chartId !== null && 'slice_id' in out) out.slice_id = chartId;
  delete out.dashboards;
  return out;
}

/**
 * A chart's saved query context on its new dataset (its `datasource` and its form data's), or
 * null when there is none or it is not a JSON object.
 */
export function rewriteQueryContext(
  text: string | null | undefined,
  datasetId: number,
  chartId: number | null,
): string | null {
  if (!text || text.trim() === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(parsed)) return null;
  parsed.datasource = { id: datasetId, type: 'table' };
  if (isObject(parsed.form_data))
    parsed.form_data = rewriteChartParams(parsed.form_data, datasetId, chartId);
  return JSON.stringify(parsed);
}
