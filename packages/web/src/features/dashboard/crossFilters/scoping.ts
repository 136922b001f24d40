/**
 * Cross-filter scopes (Superset 3/4's model, framework free).
 *
 * `json_metadata.chart_configuration` has, for each chart that emits cross filters,
 * `{ id, crossFilters: { scope, chartsInScope } }`: `scope` is `'global'` (follow the dashboard's
 * global scope) or `{ rootPath, excluded }`. `json_metadata.global_chart_configuration` is
 * `{ scope, chartsInScope }` (the whole dashboard when missing). `chartsInScope` is derived from
 * the scope and the layout and stored for Superset's sake; here it is always recomputed (a
 * stored list can be stale: the layout changed since, or a bundle from another instance).
 *
 * A cross filter emitted by chart A applies to the charts in A's scope, never to A itself (and,
 * on the page, only to those whose dataset has the filter's column: Superset rejects the others
 * on the server, see chartFormData.ts).
 */
import { ROOT_ID, type DashboardLayout } from '@strata/core';
import { descendants } from '../layout/tree';
import type { NativeFilterScope } from '../nativeFilters';

/** The `scope` of a chart that follows the global scope. */
export const GLOBAL_SCOPE = 'global';
export type CrossFilterScope = typeof GLOBAL_SCOPE | NativeFilterScope;

export interface ChartCrossFilterConfig {
  id: number;
  crossFilters: { scope: CrossFilterScope; chartsInScope: number[] };
}
/** By chart id (as text, JSON's keys). */
export type ChartConfiguration = Record<string, ChartCrossFilterConfig>;

export interface GlobalChartConfiguration {
  scope: NativeFilterScope;
  chartsInScope: number[];
}

/** The default scope: the whole dashboard. */
export function defaultCrossFilterScope(): NativeFilterScope {
  return { rootPath: [ROOT_ID], excluded: [] };
}

export function isGlobalScope(scope: CrossFilterScope | undefined): scope is typeof GLOBAL_SCOPE {
  return scope === GLOBAL_SCOPE;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** A `{rootPath, excluded}` object read safely, or null. */
export function readScope(v: unknown): NativeFilterScope | null {
  if (!isObject(v) || !Array.isArray(v.rootPath)) return null;
  return {
    rootPath: v.rootPath.filter((x): x is string => typeof x === 'string'),
    excluded: Array.isArray(v.excluded)
      ? v.excluded.filter((x): x is number => typeof x === 'number' && Number.isInteger(x))
      : [],
  };
}

/**
 * `chart_configuration` as stored, read safely: entries keyed by a chart id whose `crossFilters`
 * has a readable scope (`'global'` or `{rootPath, excluded}`); others are left out.
 */
export function readChartConfiguration(raw: unknown): ChartConfiguration {
  if (!isObject(raw)) return {};
  const out: ChartConfiguration = {};
  for (const [key, entry] of Object.entries(raw)) {
    if (!/^\d+$/.test(key) || !isObject(entry) || !isObject(entry.crossFilters)) continue;
    const rawScope = entry.crossFilters.scope;
    const scope = isGlobalScope(rawScope as CrossFilterScope) ? GLOBAL_SCOPE : readScope(rawScope);
    if (!scope) continue;
    const saved = entry.crossFilters.chartsInScope;
    out[key] = {
      id: Number(key),
      crossFilters: {
        scope,
        chartsInScope: Array.isArray(saved)
          ? saved.filter((x): x is number => typeof x === 'number')
          : [],
      },
    };
  }
  return out;
}

/** The global scope as stored, or the whole dashboard. */
export function readGlobalScope(raw: unknown): NativeFilterScope {
  return (isObject(raw) ? readScope(raw.scope) : null) ?? defaultCrossFilterScope();
}

/**
 * The charts of a scope on a layout (Superset's `getChartIdsInFilterScope`): every chart at or
 * below a `rootPath` component (found by children, or by a chart's stored `parents` naming it),
 * minus `excluded`; in the layout's order, each once.
 */
export function chartIdsInScope(scope: NativeFilterScope, layout: DashboardLayout): number[] {
  const roots = new Set(scope.rootPath);
  const excluded = new Set(scope.excluded);
  const below = new Set<string>();
  for (const root of roots) {
    if (!layout[root]) continue;
    below.add(root);
    for (const id of descendants(layout, root)) below.add(id);
  }
  const out: number[] = [];
  const seen = new Set<number>();
  for (const c of Object.values(layout)) {
    const chartId = c?.meta?.chartId;
    if (c?.type !== 'CHART' || typeof chartId !== 'number' || seen.has(chartId)) continue;
    if (excluded.has(chartId)) continue;
    if (below.has(c.id) || c.parents?.some((p) => roots.has(p))) {
      out.push(chartId);
      seen.add(chartId);
    }
  }
  return out;
}

/** The metadata keys this model reads. */
export interface ScopingMetadata {
  chart_configuration?: unknown;
  global_chart_configuration?: unknown;
}

/**
 * The charts a cross filter from `sourceId` applies to: its custom scope's charts, or (scope
 * `'global'`, or no entry) the global scope's; never the source itself.
 */
export function crossFilterTargets(
  sourceId: number,
  layout: DashboardLayout,
  metadata: ScopingMetadata,
): ReadonlySet<number> {
  let bySource = targetsCache.get(layout);
  if (!bySource) {
    bySource = new WeakMap();
    targetsCache.set(layout, bySource);
  }
  let targets = bySource.get(metadata);
  if (!targets) {
    targets = new Map();
    bySource.set(metadata, targets);
  }
  let found = targets.get(sourceId);
  if (!found) {
    const own = readChartConfiguration(metadata.chart_configuration)[String(sourceId)];
    const scope =
      own && !isGlobalScope(own.crossFilters.scope)
        ? own.crossFilters.scope
        : readGlobalScope(metadata.global_chart_configuration);
    found = new Set(chartIdsInScope(scope, layout).filter((id) => id !== sourceId));
    targets.set(sourceId, found);
  }
  return found;
}

/** Asked for every chart on each filter change: computed once per layout and metadata. */
const targetsCache = new WeakMap<
  DashboardLayout,
  WeakMap<ScopingMetadata, Map<number, ReadonlySet<number>>>
>();

/**
 * The configuration as Superset's `getCrossFiltersConfiguration` makes it: the global scope with
 * its charts, and an entry for every chart that can emit cross filters (`emitters`: its stored
 * entry, else `'global'`), each with its charts in scope recomputed (a global one: the global
 * scope's charts but itself). Entries of charts that are not emitters are kept as stored.
 */
export function crossFiltersConfiguration(
  layout: DashboardLayout,
  metadata: ScopingMetadata,
  emitters: readonly number[],
): { chartConfiguration: ChartConfiguration; globalChartConfiguration: GlobalChartConfiguration } {
  const globalScope = readGlobalScope(metadata.global_chart_configuration);
  const global: GlobalChartConfiguration = {
    scope: globalScope,
    chartsInScope: chartIdsInScope(globalScope, layout),
  };
  const stored = readChartConfiguration(metadata.chart_configuration);
  const out: ChartConfiguration = { ...stored };
  for (const id of emitters) {
    const scope = stored[String(id)]?.crossFilters.scope ?? GLOBAL_SCOPE;
    out[String(id)] = configFor(id, scope, global, layout);
  }
  return { chartConfiguration: out, globalChartConfiguration: global };
}

/** One chart's entry with its charts in scope (never itself). */
export function configFor(
  id: number,
  scope: CrossFilterScope,
  global: GlobalChartConfiguration,
  layout: DashboardLayout,
): ChartCrossFilterConfig {
  const charts = isGlobalScope(scope) ? global.chartsInScope : chartIdsInScope(scope, layout);
  return { id, crossFilters: { scope, chartsInScope: charts.filter((c) => c !== id) } };
}

/** The charts on the dashboard that can emit cross filters (their type's behaviour). */
export function crossFilterEmitters(
  chartIds: readonly number[],
  vizTypeOf: (chartId: number) => string | undefined,
  isInteractive: (vizType: string) => boolean,
): number[] {
  return chartIds.filter((id) => {
    const viz = vizTypeOf(id);
    return viz !== undefined && isInteractive(viz);
  });
}
