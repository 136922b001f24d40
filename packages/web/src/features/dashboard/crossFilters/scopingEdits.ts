/**
 * The "Cross-filtering scoping" modal's edits (Superset's ScopingModal), as pure functions over
 * one draft: the global scope, each emitting chart's entry, and which scope is being edited
 * (`current`: undefined for "All charts/global scoping", a chart id, or `NEW_SCOPING_ID` for a
 * custom scoping whose chart is not chosen yet).
 */
import type { DashboardLayout } from '@strata/core';
import type { NativeFilterScope } from '../nativeFilters';
import {
  chartIdsInScope,
  configFor,
  GLOBAL_SCOPE,
  isGlobalScope,
  type ChartConfiguration,
  type GlobalChartConfiguration,
} from './scoping';

/** The id of a custom scoping whose chart is not chosen yet (Superset's). */
export const NEW_SCOPING_ID = -1;

export interface ScopingDraft {
  chartConfiguration: ChartConfiguration;
  globalChartConfiguration: GlobalChartConfiguration;
  current: number | undefined;
}

/** The global scope with a chart's own id not excluded (how a global chart's scope is shown). */
function scopeFromGlobal(chartId: number, global: NativeFilterScope): NativeFilterScope {
  return { rootPath: global.rootPath, excluded: global.excluded.filter((id) => id !== chartId) };
}

/** A custom scope never includes its own chart. */
function withoutSelf(chartId: number, scope: NativeFilterScope): NativeFilterScope {
  return scope.excluded.includes(chartId)
    ? scope
    : { rootPath: scope.rootPath, excluded: [...scope.excluded, chartId] };
}

/**
 * The draft the modal opens with. Opened from a chart's menu, that chart is edited: following the
 * global scope, it starts as a custom scope equal to the global one (as Superset does).
 */
export function openScoping(
  chartConfiguration: ChartConfiguration,
  globalChartConfiguration: GlobalChartConfiguration,
  chartId: number | undefined,
  layout: DashboardLayout,
): ScopingDraft {
  const draft: ScopingDraft = { chartConfiguration, globalChartConfiguration, current: chartId };
  if (chartId === undefined) return draft;
  const entry = chartConfiguration[String(chartId)];
  if (entry && !isGlobalScope(entry.crossFilters.scope)) return draft;
  const scope = withoutSelf(chartId, scopeFromGlobal(chartId, globalChartConfiguration.scope));
  return {
    ...draft,
    chartConfiguration: {
      ...chartConfiguration,
      [String(chartId)]: configFor(chartId, scope, globalChartConfiguration, layout),
    },
  };
}

/** The scope shown for the draft's current entry. */
export function currentScope(draft: ScopingDraft): NativeFilterScope {
  const global = draft.globalChartConfiguration.scope;
  if (draft.current === undefined) return global;
  const scope = draft.chartConfiguration[String(draft.current)]?.crossFilters.scope;
  if (!scope || isGlobalScope(scope)) return scopeFromGlobal(draft.current, global);
  return scope;
}

/** Every chart following the global scope gets the global charts (but itself). */
function refreshGlobalCharts(
  configs: ChartConfiguration,
  global: GlobalChartConfiguration,
  layout: DashboardLayout,
): ChartConfiguration {
  const out: ChartConfiguration = {};
  for (const [key, config] of Object.entries(configs))
    out[key] = isGlobalScope(config.crossFilters.scope)
      ? configFor(config.id, GLOBAL_SCOPE, global, layout)
      : config;
  return out;
}

/** The scope of the current entry changed (the tree's checks). */
export function updateScope(
  draft: ScopingDraft,
  scope: NativeFilterScope,
  layout: DashboardLayout,
): ScopingDraft {
  const { current } = draft;
  if (current === undefined) {
    const global = { scope, chartsInScope: chartIdsInScope(scope, layout) };
    return {
      ...draft,
      globalChartConfiguration: global,
      chartConfiguration: refreshGlobalCharts(draft.chartConfiguration, global, layout),
    };
  }
  const own = current === NEW_SCOPING_ID ? scope : withoutSelf(current, scope);
  return {
    ...draft,
    chartConfiguration: {
      ...draft.chartConfiguration,
      [String(current)]: configFor(current, own, draft.globalChartConfiguration, layout),
    },
  };
}

/** "Add custom scoping": a new entry, starting from the global scope, is edited. */
export function addCustomScoping(draft: ScopingDraft): ScopingDraft {
  const key = String(NEW_SCOPING_ID);
  if (draft.chartConfiguration[key]) return { ...draft, current: NEW_SCOPING_ID };
  const global = draft.globalChartConfiguration;
  return {
    ...draft,
    current: NEW_SCOPING_ID,
    chartConfiguration: {
      ...draft.chartConfiguration,
      [key]: {
        id: NEW_SCOPING_ID,
        crossFilters: { scope: global.scope, chartsInScope: global.chartsInScope },
      },
    },
  };
}

/** A custom scoping removed: its chart follows the global scope again (a new one just goes). */
export function removeCustomScoping(
  draft: ScopingDraft,
  chartId: number,
  layout: DashboardLayout,
): ScopingDraft {
  const configs = { ...draft.chartConfiguration };
  if (chartId === NEW_SCOPING_ID) delete configs[String(NEW_SCOPING_ID)];
  else
    configs[String(chartId)] = configFor(
      chartId,
      GLOBAL_SCOPE,
      draft.globalChartConfiguration,
      layout,
    );
  return {
    ...draft,
    chartConfiguration: configs,
    current: draft.current === chartId ? undefined : draft.current,
  };
}

/**
 * The chart of the scoping being edited changed to `chartId`: it takes the scope shown (with
 * itself excluded instead of the previous chart); the previous chart follows the global scope
 * again (a new scoping's placeholder goes).
 */
export function chooseChart(
  draft: ScopingDraft,
  chartId: number,
  layout: DashboardLayout,
): ScopingDraft {
  const { current } = draft;
  if (current === undefined || current === chartId) return draft;
  const shown = currentScope(draft);
  const scope: NativeFilterScope = {
    rootPath: shown.rootPath,
    excluded: [...shown.excluded.filter((id) => id !== current && id !== chartId), chartId],
  };
  const configs = { ...draft.chartConfiguration };
  if (current === NEW_SCOPING_ID) delete configs[String(NEW_SCOPING_ID)];
  else
    configs[String(current)] = configFor(
      current,
      GLOBAL_SCOPE,
      draft.globalChartConfiguration,
      layout,
    );
  configs[String(chartId)] = configFor(chartId, scope, draft.globalChartConfiguration, layout);
  return { ...draft, chartConfiguration: configs, current: chartId };
}

/** The charts listed with a custom scope (the placeholder apart), in chart id order. */
export function customScopedCharts(draft: ScopingDraft): number[] {
  return Object.values(draft.chartConfiguration)
    .filter((c) => c.id !== NEW_SCOPING_ID && !isGlobalScope(c.crossFilters.scope))
    .map((c) => c.id)
    .sort((a, b) => a - b);
}

/** The charts a custom scoping may be moved to: those following the global scope. */
export function chartsForCustomScoping(draft: ScopingDraft, emitters: readonly number[]): number[] {
  return emitters.filter((id) => {
    const scope = draft.chartConfiguration[String(id)]?.crossFilters.scope;
    return scope === undefined || isGlobalScope(scope) || id === draft.current;
  });
}

/** What is saved into json_metadata (the placeholder left out). */
export function savedScoping(draft: ScopingDraft): {
  chart_configuration: ChartConfiguration;
  global_chart_configuration: GlobalChartConfiguration;
} {
  const chart_configuration = { ...draft.chartConfiguration };
  delete chart_configuration[String(NEW_SCOPING_ID)];
  return { chart_configuration, global_chart_configuration: draft.globalChartConfiguration };
}
