import { describe, expect, it } from 'vitest';
import { ROOT_ID } from '@strata/core';
import { chart, row, tab, tabbedLayout, tabs } from '../layout/fixtures.test-helpers';
import { chartFormDataOnDashboard, type DashboardFilterContext } from '../chartFormData';
import { parseMetadata } from '../metadata';
import type { DashboardChart } from '../types';
import {
  chartIdsInScope,
  crossFilterEmitters,
  crossFilterTargets,
  crossFiltersConfiguration,
  readChartConfiguration,
  readGlobalScope,
} from './scoping';
import {
  addCustomScoping,
  chartsForCustomScoping,
  chooseChart,
  currentScope,
  customScopedCharts,
  NEW_SCOPING_ID,
  openScoping,
  removeCustomScoping,
  savedScoping,
  updateScope,
} from './scopingEdits';

// Tab A holds charts 1 and 2, tab B charts 3 and 4.
const layout = tabbedLayout(
  tabs('TABS-1', [
    tab('TAB-A', [row('ROW-1', [chart('CHART-1', 4, 1), chart('CHART-2', 4, 2)])]),
    tab('TAB-B', [row('ROW-2', [chart('CHART-3', 4, 3), chart('CHART-4', 4, 4)])]),
  ]),
);

describe('charts in a scope', () => {
  it('takes the charts under the root path, minus the excluded ones', () => {
    expect(chartIdsInScope({ rootPath: [ROOT_ID], excluded: [] }, layout)).toEqual([1, 2, 3, 4]);
    expect(chartIdsInScope({ rootPath: ['TAB-B'], excluded: [] }, layout)).toEqual([3, 4]);
    expect(chartIdsInScope({ rootPath: ['TAB-A', 'TAB-B'], excluded: [2, 4] }, layout)).toEqual([
      1, 3,
    ]);
    expect(chartIdsInScope({ rootPath: [], excluded: [] }, layout)).toEqual([]);
    expect(chartIdsInScope({ rootPath: ['GONE'], excluded: [] }, layout)).toEqual([]);
  });

  it("follows a chart's stored parents as Superset does", () => {
    const flat = {
      [ROOT_ID]: { id: ROOT_ID, type: 'ROOT' as const, children: [] },
      'CHART-9': {
        id: 'CHART-9',
        type: 'CHART' as const,
        children: [],
        parents: [ROOT_ID, 'TAB-X'],
        meta: { chartId: 9 },
      },
    };
    expect(chartIdsInScope({ rootPath: ['TAB-X'], excluded: [] }, flat)).toEqual([9]);
  });
});

describe('reading the stored configuration', () => {
  it('keeps readable entries and drops the others', () => {
    expect(
      readChartConfiguration({
        '1': { id: 1, crossFilters: { scope: 'global', chartsInScope: [2, 3] } },
        '2': { id: 2, crossFilters: { scope: { rootPath: ['TAB-A'], excluded: [2, 'x'] } } },
        '3': { id: 3, crossFilters: { scope: 'everywhere' } },
        nope: { id: 4, crossFilters: { scope: 'global' } },
        '5': 'broken',
      }),
    ).toEqual({
      '1': { id: 1, crossFilters: { scope: 'global', chartsInScope: [2, 3] } },
      '2': {
        id: 2,
        crossFilters: { scope: { rootPath: ['TAB-A'], excluded: [2] }, chartsInScope: [] },
      },
    });
    expect(readChartConfiguration('nonsense')).toEqual({});
    expect(readGlobalScope(undefined)).toEqual({ rootPath: [ROOT_ID], excluded: [] });
    expect(readGlobalScope({ scope: { rootPath: ['TAB-B'], excluded: [3] } })).toEqual({
      rootPath: ['TAB-B'],
      excluded: [3],
    });
  });
});

describe('which charts a cross filter applies to', () => {
  it('defaults to every other chart of the dashboard', () => {
    expect([...crossFilterTargets(1, layout, {})]).toEqual([2, 3, 4]);
  });

  it('follows the global scope for charts without their own, and a custom scope for others', () => {
    const metadata = {
      global_chart_configuration: { scope: { rootPath: ['TAB-A'], excluded: [] } },
      chart_configuration: {
        '3': { id: 3, crossFilters: { scope: { rootPath: ['TAB-B'], excluded: [3] } } },
        '4': { id: 4, crossFilters: { scope: 'global', chartsInScope: [1, 2, 3] } },
      },
    };
    expect([...crossFilterTargets(1, layout, metadata)]).toEqual([2]);
    expect([...crossFilterTargets(3, layout, metadata)]).toEqual([4]);
    // A stale stored list does not count: the global scope decides.
    expect([...crossFilterTargets(4, layout, metadata)]).toEqual([1, 2]);
  });

  it('filters only the charts in scope on the page', () => {
    const metadata = parseMetadata({
      chart_configuration: {
        '1': { id: 1, crossFilters: { scope: { rootPath: ['TAB-A'], excluded: [1] } } },
      },
    }).metadata;
    const ctx: DashboardFilterContext = {
      dashboardId: 7,
      metadata,
      layout,
      nativeFilters: [],
      dataMasks: {
        '1': { extraFormData: { filters: [{ col: 'state', op: 'IN', val: ['CA'] }] } },
      },
      preselect: {},
    };
    const ds = { id: 1, type: 'table', columns: [{ column_name: 'state' }], metrics: [] };
    const chartOf = (id: number): DashboardChart => ({
      id,
      slice_name: `Chart ${id}`,
      viz_type: 'pie',
      form_data: { datasource: '1__table', viz_type: 'pie' },
    });
    expect(chartFormDataOnDashboard(chartOf(2), ctx, ds).extra_form_data).toEqual({
      filters: [{ col: 'state', op: 'IN', val: ['CA'] }],
    });
    expect(chartFormDataOnDashboard(chartOf(3), ctx, ds).extra_form_data).toBeUndefined();
    expect(chartFormDataOnDashboard(chartOf(1), ctx, ds).extra_form_data).toBeUndefined();
  });
});

describe("the configuration as Superset's page builds it", () => {
  it('gives every emitter an entry and recomputes the charts in scope', () => {
    const { chartConfiguration, globalChartConfiguration } = crossFiltersConfiguration(
      layout,
      {
        global_chart_configuration: {
          scope: { rootPath: [ROOT_ID], excluded: [4] },
          chartsInScope: [],
        },
        chart_configuration: {
          '2': { id: 2, crossFilters: { scope: { rootPath: ['TAB-B'], excluded: [] } } },
        },
      },
      [1, 2],
    );
    expect(globalChartConfiguration).toEqual({
      scope: { rootPath: [ROOT_ID], excluded: [4] },
      chartsInScope: [1, 2, 3],
    });
    expect(chartConfiguration).toEqual({
      '1': { id: 1, crossFilters: { scope: 'global', chartsInScope: [2, 3] } },
      '2': {
        id: 2,
        crossFilters: { scope: { rootPath: ['TAB-B'], excluded: [] }, chartsInScope: [3, 4] },
      },
    });
  });

  it('knows the emitters by their type', () => {
    const types: Record<number, string> = { 1: 'pie', 2: 'big_number_total', 3: 'table' };
    expect(
      crossFilterEmitters(
        [1, 2, 3, 4],
        (id) => types[id],
        (viz) => viz !== 'big_number_total',
      ),
    ).toEqual([1, 3]);
  });
});

describe('the scoping modal', () => {
  const start = () => {
    const { chartConfiguration, globalChartConfiguration } = crossFiltersConfiguration(
      layout,
      {},
      [1, 2, 3],
    );
    return { chartConfiguration, globalChartConfiguration };
  };

  it('opened from a global chart, edits a custom scope copied from the global one', () => {
    const { chartConfiguration, globalChartConfiguration } = start();
    const draft = openScoping(chartConfiguration, globalChartConfiguration, 2, layout);
    expect(draft.current).toBe(2);
    expect(currentScope(draft)).toEqual({ rootPath: [ROOT_ID], excluded: [2] });
    expect(customScopedCharts(draft)).toEqual([2]);
    const opened = openScoping(chartConfiguration, globalChartConfiguration, undefined, layout);
    expect(opened.current).toBeUndefined();
    expect(customScopedCharts(opened)).toEqual([]);
  });

  it("a chart's scope edited keeps the chart out of its own scope", () => {
    const { chartConfiguration, globalChartConfiguration } = start();
    let draft = openScoping(chartConfiguration, globalChartConfiguration, 1, layout);
    draft = updateScope(draft, { rootPath: ['TAB-A'], excluded: [] }, layout);
    expect(draft.chartConfiguration['1']).toEqual({
      id: 1,
      crossFilters: { scope: { rootPath: ['TAB-A'], excluded: [1] }, chartsInScope: [2] },
    });
    // The others still follow the global scope.
    expect(draft.chartConfiguration['3']!.crossFilters).toEqual({
      scope: 'global',
      chartsInScope: [1, 2, 4],
    });
  });

  it('the global scope edited moves every chart that follows it', () => {
    const { chartConfiguration, globalChartConfiguration } = start();
    let draft = openScoping(chartConfiguration, globalChartConfiguration, undefined, layout);
    draft = updateScope(draft, { rootPath: ['TAB-B'], excluded: [] }, layout);
    expect(draft.globalChartConfiguration).toEqual({
      scope: { rootPath: ['TAB-B'], excluded: [] },
      chartsInScope: [3, 4],
    });
    expect(draft.chartConfiguration['1']!.crossFilters.chartsInScope).toEqual([3, 4]);
    expect(draft.chartConfiguration['3']!.crossFilters.chartsInScope).toEqual([4]);
  });

  it('adds a custom scoping, gives it a chart, and removes it again', () => {
    const { chartConfiguration, globalChartConfiguration } = start();
    let draft = openScoping(chartConfiguration, globalChartConfiguration, undefined, layout);
    draft = addCustomScoping(draft);
    expect(draft.current).toBe(NEW_SCOPING_ID);
    expect(chartsForCustomScoping(draft, [1, 2, 3])).toEqual([1, 2, 3]);
    draft = updateScope(draft, { rootPath: ['TAB-B'], excluded: [] }, layout);
    draft = chooseChart(draft, 3, layout);
    expect(draft.current).toBe(3);
    expect(draft.chartConfiguration[String(NEW_SCOPING_ID)]).toBeUndefined();
    expect(draft.chartConfiguration['3']!.crossFilters).toEqual({
      scope: { rootPath: ['TAB-B'], excluded: [3] },
      chartsInScope: [4],
    });
    // Moved to chart 1: chart 3 follows the global scope again.
    draft = chooseChart(draft, 1, layout);
    expect(draft.chartConfiguration['3']!.crossFilters.scope).toBe('global');
    expect(draft.chartConfiguration['1']!.crossFilters.scope).toEqual({
      rootPath: ['TAB-B'],
      excluded: [1],
    });
    expect(chartsForCustomScoping(draft, [1, 2, 3])).toEqual([1, 2, 3]);
    draft = removeCustomScoping(draft, 1, layout);
    expect(draft.current).toBeUndefined();
    expect(draft.chartConfiguration['1']!.crossFilters).toEqual({
      scope: 'global',
      chartsInScope: [2, 3, 4],
    });
    expect(customScopedCharts(draft)).toEqual([]);
  });

  it('saves without the unfinished custom scoping', () => {
    const { chartConfiguration, globalChartConfiguration } = start();
    const draft = addCustomScoping(
      openScoping(chartConfiguration, globalChartConfiguration, undefined, layout),
    );
    const saved = savedScoping(draft);
    expect(Object.keys(saved.chart_configuration).sort()).toEqual(['1', '2', '3']);
    expect(saved.global_chart_configuration.chartsInScope).toEqual([1, 2, 3, 4]);
  });
});
