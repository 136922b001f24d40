/**
 * Pure pieces of the dashboard API: JSON fields of writes, chart ids in layouts and metadata
 * (found and remapped when a copy duplicates its charts), the charts' form data, the permalink
 * redirect and Superset's `last_modified_time`.
 */
import { DASHBOARD_VERSION_KEY } from '@strata/core';
import { toDate } from '../metadata/db.js';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export type JsonParse = { ok: true; value: unknown } | { ok: false };

/** JSON text parsed, or not ok. */
export function parseJson(text: string): JsonParse {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** The chart ids CHART components of a stored layout name (integers only, each once). */
export function positionChartIds(position: unknown): number[] {
  if (!isPlainObject(position)) return [];
  const ids = new Set<number>();
  for (const [key, value] of Object.entries(position)) {
    if (key === DASHBOARD_VERSION_KEY || !isPlainObject(value) || value.type !== 'CHART') continue;
    const chartId = isPlainObject(value.meta) ? value.meta.chartId : undefined;
    if (typeof chartId === 'number' && Number.isInteger(chartId)) ids.add(chartId);
  }
  return [...ids];
}

/** The chart ids of a layout kept as text (none when it is not JSON). */
export function positionJsonChartIds(text: string | null | undefined): number[] {
  if (!text) return [];
  const parsed = parseJson(text);
  return parsed.ok ? positionChartIds(parsed.value) : [];
}

/** A layout whose CHART components point at new chart ids (`map`: old → new); a copy. */
export function remapLayoutChartIds(
  position: Record<string, unknown>,
  map: ReadonlyMap<number, number>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(position)) {
    if (isPlainObject(value) && isPlainObject(value.meta)) {
      const chartId = value.meta.chartId;
      const mapped = typeof chartId === 'number' ? map.get(chartId) : undefined;
      if (mapped !== undefined) {
        const { uuid: _uuid, ...meta } = value.meta;
        out[key] = { ...value, meta: { ...meta, chartId: mapped } };
        continue;
      }
    }
    out[key] = value;
  }
  return out;
}

/**
 * Metadata whose chart-keyed settings follow duplicated charts (Superset's copy:
 * `expanded_slices`, `timed_refresh_immune_slices`, `filter_scopes`, `chart_configuration`).
 */
export function remapMetadataChartIds(
  metadata: Record<string, unknown>,
  map: ReadonlyMap<number, number>,
): Record<string, unknown> {
  if (map.size === 0) return metadata;
  const key = (k: string): string => {
    const n = /^\d+$/.test(k) ? map.get(Number(k)) : undefined;
    return n === undefined ? k : String(n);
  };
  const rekey = (v: unknown, inner?: (x: unknown) => unknown) =>
    isPlainObject(v)
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [key(k), inner ? inner(x) : x]))
      : v;
  const out: Record<string, unknown> = { ...metadata };
  if ('expanded_slices' in out) out.expanded_slices = rekey(out.expanded_slices);
  if ('filter_scopes' in out) out.filter_scopes = rekey(out.filter_scopes);
  if (Array.isArray(out.timed_refresh_immune_slices))
    out.timed_refresh_immune_slices = out.timed_refresh_immune_slices.map((x: unknown) =>
      typeof x === 'number' ? (map.get(x) ?? x) : x,
    );
  if ('chart_configuration' in out)
    out.chart_configuration = rekey(out.chart_configuration, (c) =>
      isPlainObject(c) && typeof c.id === 'number' && map.has(c.id)
        ? { ...c, id: map.get(c.id) }
        : c,
    );
  return out;
}

/** A chart's form data as Superset's `Slice.form_data`: its params plus id, type, datasource. */
export function chartFormData(chart: {
  id: number;
  params: string | null;
  viz_type: string | null;
  datasource_id: number | null;
  datasource_type: string | null;
  cache_timeout: number | null;
}): Record<string, unknown> {
  const parsed = chart.params ? parseJson(chart.params) : { ok: false as const };
  const params = parsed.ok && isPlainObject(parsed.value) ? parsed.value : {};
  return {
    ...params,
    slice_id: chart.id,
    viz_type: chart.viz_type,
    datasource: `${chart.datasource_id}__${chart.datasource_type}`,
    ...(chart.cache_timeout ? { cache_timeout: chart.cache_timeout } : {}),
  };
}

/** Superset's `last_modified_time`: changed_on in whole epoch seconds. */
export function lastModifiedTime(changedOn: string | Date | null | undefined): number | null {
  const d = toDate(changedOn ?? null);
  return d && !Number.isNaN(d.getTime()) ? Math.floor(d.getTime() / 1000) : null;
}

/** What a dashboard permalink keeps (Superset's DashboardPermalinkValue). */
export interface DashboardPermalinkState {
  urlParams?: Array<[string, string]> | null;
  dataMask?: Record<string, unknown> | null;
  activeTabs?: string[] | null;
  anchor?: string | null;
}

/**
 * Where `/superset/dashboard/p/{key}/` goes: the dashboard (slug or id) with the key and the
 * link's URL parameters, and its anchor as the fragment.
 */
export function permalinkRedirect(
  dashboard: { id: number; slug: string | null },
  key: string,
  state: DashboardPermalinkState,
): string {
  const params = new URLSearchParams({ permalink_key: key });
  for (const [k, v] of state.urlParams ?? []) if (k !== 'permalink_key') params.append(k, v);
  const path = `/superset/dashboard/${encodeURIComponent(dashboard.slug || String(dashboard.id))}/`;
  const anchor = state.anchor ? `#${encodeURIComponent(state.anchor)}` : '';
  return `${path}?${params.toString()}${anchor}`;
}
