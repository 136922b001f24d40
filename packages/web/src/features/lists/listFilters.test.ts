import { chartRegistry } from '@strata/charts';
import { describe, expect, it } from 'vitest';
import { buildListQuery } from '../../components/ListView/listState';
import type { ListState } from '../../components/ListView/types';
import {
  DASHBOARD_LIST_FILTERS,
  certifiedFilter,
  chartListFilters,
  modifiedByFilter,
  vizTypeName,
  vizTypeOptions,
} from './listFilters';

describe('vizTypeOptions', () => {
  it('offers each chart type by its name, sorted by name', () => {
    expect(
      vizTypeOptions([
        { vizType: 'table', metadata: { name: 'Table' } },
        { vizType: 'pie', metadata: { name: 'Pie Chart' } },
        { vizType: 'nameless', metadata: { name: '' } },
      ]),
    ).toEqual([
      { label: 'nameless', value: 'nameless' },
      { label: 'Pie Chart', value: 'pie' },
      { label: 'Table', value: 'table' },
    ]);
  });

  it("covers the chart registry's types", () => {
    const options = vizTypeOptions(chartRegistry.list());
    expect(options).toHaveLength(chartRegistry.list().length);
    expect(options.find((o) => o.value === 'table')?.label).toBe('Table');
    const labels = options.map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
  });
});

describe('vizTypeName', () => {
  it("names a chart type by its plugin's name, else by its key", () => {
    const plugins = chartRegistry.list();
    expect(vizTypeName('echarts_timeseries_line', plugins)).toBe('Line Chart');
    expect(vizTypeName('table', plugins)).toBe('Table');
    expect(vizTypeName('unknown_viz', plugins)).toBe('unknown_viz');
    expect(vizTypeName(null, plugins)).toBe('');
  });
});

describe('chart list filters', () => {
  const filters = chartListFilters([{ label: 'Table', value: 'table' }]);

  it("are Superset's: search, type, dataset, owner, dashboard, certified, favorite, modified by", () => {
    expect(filters.map((f) => f.label)).toEqual([
      'Search',
      'Type',
      'Dataset',
      'Owner',
      'Dashboard',
      'Certified',
      'Favorite',
      'Modified by',
    ]);
    expect(new Set(filters.map((f) => f.id)).size).toBe(filters.length);
    expect(filters.find((f) => f.label === 'Dataset')).toMatchObject({
      kind: 'async',
      source: 'related',
      column: 'datasource',
    });
    expect(filters.find((f) => f.label === 'Dashboard')).toMatchObject({
      kind: 'async',
      source: 'related',
      column: 'dashboards',
    });
  });

  it('make the list call filters of every selection', () => {
    const state: ListState = {
      pageIndex: 0,
      sort: { column: 'changed_on_delta_humanized', direction: 'desc' },
      filters: {
        search: { value: '  sales ' },
        viz_type: { value: 'table', label: 'Table' },
        datasource_id: { value: 7, label: 'orders' },
        owners: { value: 3, label: 'Ann Owner' },
        dashboards: { value: 5, label: 'Sales board' },
        certified: { value: true },
        favorite: { value: false },
        changed_by: { value: 2, label: 'Bob' },
      },
    };
    expect(buildListQuery(state, filters, 25).filters).toEqual([
      { col: 'slice_name', opr: 'chart_all_text', value: 'sales' },
      { col: 'viz_type', opr: 'eq', value: 'table' },
      { col: 'datasource_id', opr: 'eq', value: 7 },
      { col: 'owners', opr: 'rel_m_m', value: 3 },
      { col: 'dashboards', opr: 'rel_m_m', value: 5 },
      { col: 'id', opr: 'chart_is_certified', value: true },
      { col: 'id', opr: 'chart_is_favorite', value: false },
      { col: 'changed_by', opr: 'rel_o_m', value: 2 },
    ]);
  });
});

describe('dashboard list filters', () => {
  it("are Superset's: search, status, owner, certified, favorite, modified by", () => {
    expect(DASHBOARD_LIST_FILTERS.map((f) => f.label)).toEqual([
      'Name',
      'Status',
      'Owner',
      'Certified',
      'Favorite',
      'Modified by',
    ]);
    expect(DASHBOARD_LIST_FILTERS[3]).toEqual(certifiedFilter('dashboard_is_certified'));
    expect(DASHBOARD_LIST_FILTERS[5]).toEqual(modifiedByFilter());
    expect(modifiedByFilter()).toMatchObject({ col: 'changed_by', opr: 'rel_o_m' });
  });
});
