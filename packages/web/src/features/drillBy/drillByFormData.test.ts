import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@strata/core';
import { chartRegistry, type DatasourceColumn, type DrillFilter } from '@strata/charts';
import {
  canDrillBy,
  canEditDrilledChart,
  drillBackTo,
  drillByApplies,
  drillByBreadcrumbs,
  drillByColumns,
  drillByField,
  drillByFilters,
  drilledFormData,
  drillFurther,
  groupbyNames,
  searchColumns,
  usedColumns,
  type DrillByStep,
} from './drillByFormData';

const columns: DatasourceColumn[] = [
  { column_name: 'ds', is_dttm: true, groupby: true },
  { column_name: 'gender', groupby: true },
  { column_name: 'state', verbose_name: 'State', groupby: true },
  { column_name: 'name', groupby: true },
  { column_name: 'num', groupby: false },
];
const pie = {
  datasource: '3__table',
  viz_type: 'pie',
  slice_id: 7,
  slice_name: 'Genders',
  groupby: ['gender'],
  metric: 'sum__num',
  adhoc_filters: [
    { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'num > 0' },
  ] as QueryFormData['adhoc_filters'],
} as QueryFormData;
const boy: DrillFilter = { col: 'gender', op: '==', val: 'boy', formattedVal: 'boy' };
const ca: DrillFilter = { col: 'state', op: '==', val: 'CA', formattedVal: 'CA' };

describe('canDrillBy', () => {
  const explorer = {
    roles: {
      Gamma: [
        ['can_read', 'Dataset'],
        ['can_explore', 'Superset'],
      ] as Array<[string, string]>,
    },
  };
  const meta = { behaviors: ['DRILL_BY' as const] };
  it('needs the behavior, a dataset, dataset read and explore access', () => {
    expect(canDrillBy(meta, 'table', explorer)).toBe(true);
    expect(canDrillBy({ behaviors: ['DRILL_TO_DETAIL'] }, 'table', explorer)).toBe(false);
    expect(canDrillBy(meta, 'query', explorer)).toBe(false);
    expect(canDrillBy(meta, 'table', { roles: { R: [['can_read', 'Dataset']] } })).toBe(false);
    expect(
      canDrillBy(meta, 'table', {
        roles: {
          R: [
            ['can_read', 'Dataset'],
            ['can_write', 'ExploreFormDataRestApi'],
          ],
        },
      }),
    ).toBe(true);
    expect(canDrillBy(meta, 'table', null)).toBe(false);
  });
  it('lets explorers edit the drilled chart', () => {
    expect(canEditDrilledChart(explorer)).toBe(true);
    expect(canEditDrilledChart({ roles: { R: [['can_read', 'Dataset']] } })).toBe(false);
  });
  it('is declared by the chart types Superset drills', () => {
    for (const viz of ['pie', 'table', 'echarts_timeseries_bar', 'echarts_timeseries_line'])
      expect(chartRegistry.get(viz)?.metadata.behaviors).toContain('DRILL_BY');
    expect(chartRegistry.get('big_number_total')?.metadata.behaviors).not.toContain('DRILL_BY');
    expect(drillByField(chartRegistry.get('sunburst_v2')?.metadata)).toBe('columns');
    expect(drillByField(chartRegistry.get('world_map')?.metadata)).toBe('entity');
    expect(drillByField(chartRegistry.get('pie')?.metadata)).toBe('groupby');
  });
  it('does not apply to a table of raw rows', () => {
    expect(drillByApplies(pie)).toBe(true);
    expect(drillByApplies({ ...pie, viz_type: 'table', query_mode: 'raw' })).toBe(false);
  });
});

describe('drillByColumns', () => {
  it('offers groupable columns the chart does not group by', () => {
    expect(drillByColumns(columns, pie, 'groupby').map((c) => c.column_name)).toEqual([
      'ds',
      'state',
      'name',
    ]);
  });
  it('leaves out the x-axis, column references and the columns the path used', () => {
    const bars = {
      ...pie,
      viz_type: 'echarts_timeseries_bar',
      x_axis: 'ds',
      groupby: [{ sqlExpression: 'gender', isColumnReference: true, label: 'gender' }],
    } as QueryFormData;
    expect(groupbyNames(bars, 'groupby')).toEqual(['gender']);
    expect(drillByColumns(columns, bars, 'groupby', ['state']).map((c) => c.column_name)).toEqual([
      'name',
    ]);
  });
  it('searches labels case-insensitively', () => {
    expect(searchColumns(columns, 'sta').map((c) => c.column_name)).toEqual(['state']);
    expect(searchColumns(columns, '  ')).toHaveLength(columns.length);
    expect(searchColumns(columns, 'zzz')).toEqual([]);
  });
});

describe('drillByFilters', () => {
  it('drops a temporal x value, keeps the dimensions', () => {
    const fd = { ...pie, x_axis: 'ds' } as QueryFormData;
    const x: DrillFilter = {
      col: 'ds',
      op: '==',
      val: 0,
      grain: 'P1D',
      formattedVal: '1970-01-01',
    };
    const xNoGrain: DrillFilter = { col: 'ds', op: '==', val: 0, formattedVal: '1970' };
    expect(drillByFilters([x, xNoGrain, boy], fd, columns)).toEqual([boy]);
    // A categorical x value is a dimension like the others.
    const cat = { ...pie, x_axis: 'state' } as QueryFormData;
    expect(drillByFilters([ca, boy], cat, columns)).toEqual([ca, boy]);
  });
});

describe('drilledFormData', () => {
  it('replaces the groupby and adds the point filters; an unsaved chart', () => {
    const fd = drilledFormData(pie, [{ column: 'state', filters: [boy] }], 'groupby');
    expect(fd.groupby).toEqual(['state']);
    expect(fd.adhoc_filters).toEqual([
      ...(pie.adhoc_filters ?? []),
      {
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'gender',
        operator: '==',
        comparator: 'boy',
      },
    ]);
    expect(fd.slice_id).toBeUndefined();
    expect(fd.slice_name).toBeUndefined();
    expect(fd.metric).toBe('sum__num');
    expect(pie.groupby).toEqual(['gender']);
  });
  it('keeps the dashboard filters and the x-axis', () => {
    const bars = {
      ...pie,
      viz_type: 'echarts_timeseries_bar',
      x_axis: 'ds',
      extra_form_data: { filters: [{ col: 'state', op: 'IN', val: ['CA'] }] },
    } as QueryFormData;
    const fd = drilledFormData(bars, [{ column: 'name', filters: [boy] }], 'groupby');
    expect(fd.x_axis).toBe('ds');
    expect(fd.groupby).toEqual(['name']);
    expect(fd.extra_form_data).toEqual(bars.extra_form_data);
  });
  it('accumulates filters along a path and sets a single-column field as a value', () => {
    const map = { ...pie, viz_type: 'world_map', entity: 'country' } as QueryFormData;
    const steps: DrillByStep[] = [
      { column: 'state', filters: [boy] },
      { column: 'name', filters: [ca] },
    ];
    const fd = drilledFormData(map, steps, 'entity');
    expect(fd.entity).toBe('name');
    expect(fd.adhoc_filters?.slice(1).map((f) => f.comparator)).toEqual(['boy', 'CA']);
  });
  it('is the chart itself without steps', () => {
    expect(drilledFormData(pie, [], 'groupby')).toBe(pie);
  });
});

describe('breadcrumbs', () => {
  it("lists the chart's grouping then each column, with the values drilled from", () => {
    let steps = drillFurther([], 'state', [boy]);
    expect(drillByBreadcrumbs(pie, 'groupby', steps, columns, 'Genders')).toEqual([
      { label: 'gender (boy)', current: false },
      { label: 'State', current: true },
    ]);
    steps = drillFurther(steps, 'name', [ca]);
    expect(usedColumns(steps)).toEqual(['state', 'name']);
    expect(drillByBreadcrumbs(pie, 'groupby', steps, columns, 'Genders')).toEqual([
      { label: 'gender (boy)', current: false },
      { label: 'State (CA)', current: false },
      { label: 'name', current: true },
    ]);
    // Back to the second level: its values are no longer shown.
    const back = drillBackTo(steps, 1);
    expect(back).toEqual([{ column: 'state', filters: [boy] }]);
    expect(
      drillByBreadcrumbs(pie, 'groupby', back, columns, 'Genders').map((c) => c.label),
    ).toEqual(['gender (boy)', 'State']);
    expect(drillBackTo(steps, 0)).toEqual([]);
    expect(drillByBreadcrumbs(pie, 'groupby', [], columns, 'Genders')).toEqual([
      { label: 'gender', current: true },
    ]);
  });
  it('names the first level after the chart when it has no grouping', () => {
    const bars = { ...pie, groupby: [], x_axis: 'ds' } as QueryFormData;
    expect(
      drillByBreadcrumbs(
        bars,
        'groupby',
        [{ column: 'state', filters: [] }],
        columns,
        'Births',
      ).map((c) => c.label),
    ).toEqual(['Births', 'State']);
  });
});

describe('drilling from a point of a grouping of its own', () => {
  const pivot = {
    datasource: '1__table',
    viz_type: 'pivot_table_v2',
    groupbyRows: ['gender'],
    groupbyColumns: ['ds'],
    adhoc_filters: [],
  } as QueryFormData;
  it("regroups each step's own field, the chart's field for steps without one", () => {
    const fd = drilledFormData(
      pivot,
      [
        { column: 'state', filters: [boy], field: 'groupbyColumns' },
        { column: 'name', filters: [ca] },
      ],
      'groupbyRows',
    );
    expect(fd.groupbyColumns).toEqual(['state']);
    expect(fd.groupbyRows).toEqual(['name']);
    expect(fd.adhoc_filters?.map((f) => f.subject)).toEqual(['gender', 'state']);
  });
  it("puts a step's filters in its own adhoc field (a mixed chart's query B)", () => {
    const mixed = {
      ...pivot,
      viz_type: 'mixed_timeseries',
      groupby: ['gender'],
      groupby_b: ['state'],
      adhoc_filters_b: [],
    } as QueryFormData;
    const steps = drillFurther([], 'name', [ca], {
      field: 'groupby_b',
      adhocField: 'adhoc_filters_b',
    });
    expect(steps).toEqual([
      { column: 'name', filters: [ca], field: 'groupby_b', adhocField: 'adhoc_filters_b' },
    ]);
    const fd = drilledFormData(mixed, steps, 'groupby');
    expect(fd.groupby).toEqual(['gender']);
    expect(fd.groupby_b).toEqual(['name']);
    expect(fd.adhoc_filters).toEqual([]);
    expect((fd.adhoc_filters_b as Array<{ subject: string }>).map((f) => f.subject)).toEqual([
      'state',
    ]);
  });
});
