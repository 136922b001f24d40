import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import FilterBoxChart from './FilterBoxChart.js';
import type { ChartProps, QueryContext } from '../../plugin.js';
import { emittedFilters, initialSelection, parseDefaultValue } from './filterItems.js';
import { filterBoxPlugin } from './index.js';
import { filterBoxMask, transformProps } from './transformProps.js';

const fd = {
  datasource: '1__table',
  viz_type: 'filter_box',
  time_range: 'Last year',
  adhoc_filters: [],
  filter_configs: [
    { key: 'a', column: 'state', label: 'State', metric: 'sum__num', asc: false, multiple: true },
    {
      key: 'b',
      column: 'num',
      defaultValue: '12',
      multiple: false,
      clearable: false,
      searchAllOptions: true,
    },
    { key: 'c', label: 'no column' },
  ],
};
const datasource = {
  id: 1,
  type: 'table',
  columns: [
    { column_name: 'state', type: 'VARCHAR(10)' },
    { column_name: 'num', type: 'BIGINT' },
    { column_name: 'ds', type: 'TIMESTAMP', is_dttm: true },
  ],
  metrics: [],
  time_grain_sqla: [['P1D', 'Day']] as Array<[string, string]>,
};

describe('filter box', () => {
  it('asks for each filter’s choices: at most 1000, sorted by the metric or the column', () => {
    const ctx = filterBoxPlugin.buildQuery(fd);
    expect(ctx.queries).toHaveLength(2);
    expect(ctx.queries[0]).toMatchObject({
      columns: ['state'],
      metrics: ['sum__num'],
      orderby: [['sum__num', false]],
      row_limit: 1000,
      time_range: 'No filter',
    });
    expect(ctx.queries[1]).toMatchObject({
      columns: ['num'],
      metrics: [],
      orderby: [['num', true]],
    });
  });

  it('parses default values by column type; multiple values split on semicolons', () => {
    expect(parseDefaultValue('12', 'BIGINT', false)).toBe(12);
    expect(parseDefaultValue('1.5', 'INT', false)).toBeNull();
    expect(parseDefaultValue('1.5', 'DECIMAL(10,2)', false)).toBe(1.5);
    expect(parseDefaultValue('abc', 'DOUBLE', false)).toBeNull();
    expect(parseDefaultValue('true', 'BOOLEAN', false)).toBe(true);
    expect(parseDefaultValue('CA; NY;', 'VARCHAR', true)).toEqual(['CA', 'NY']);
    expect(parseDefaultValue('', 'VARCHAR', true)).toEqual([]);
  });

  it('emits IN for multiple choices, == for single ones, nothing for empty ones', () => {
    expect(
      emittedFilters(
        [
          { column: 'state', multiple: true },
          { column: 'num', multiple: false },
          { column: 'name', multiple: true },
        ],
        { state: ['CA'], num: 12, name: [] },
      ),
    ).toEqual([
      { col: 'state', op: 'IN', val: ['CA'] },
      { col: 'num', op: '==', val: 12 },
    ]);
  });

  it('gives choices, defaults and a server search of the contains kind', async () => {
    const posted: QueryContext[] = [];
    const props: ChartProps = {
      width: 300,
      height: 400,
      formData: fd,
      queriesData: [
        {
          data: [
            { state: 'CA', sum__num: 1500 },
            { state: null, sum__num: 1 },
          ],
          colnames: [],
          coltypes: [],
          rowcount: 2,
        },
        { data: [{ num: 12 }], colnames: [], coltypes: [], rowcount: 1 },
      ],
      datasource,
      hooks: {
        postChartData: async (ctx) => {
          posted.push(ctx);
          return [{ data: [{ num: 120 }], colnames: [], coltypes: [], rowcount: 1 }];
        },
      },
    };
    const p = transformProps(props);
    expect(p.filters[0]).toMatchObject({
      label: 'State',
      multiple: true,
      choices: [{ value: 'CA', label: 'CA', metric: '1.5k' }],
    });
    expect(p.filters[1]).toMatchObject({ label: 'num', defaultValue: 12, clearable: false });
    expect(p.timeColumns).toEqual(['ds']);
    expect(await p.search!('num', '2')).toEqual([{ value: 120, label: '120' }]);
    expect(posted[0]!.queries[0]!.filters).toContainEqual({ col: 'num', op: 'ILIKE', val: '%2%' });
  });

  it('shows first the choices its own filter state holds, else the defaults', () => {
    const props = (filterState?: Record<string, unknown>): ChartProps => ({
      width: 300,
      height: 400,
      formData: fd,
      queriesData: [],
      datasource,
      ...(filterState ? { filterState } : {}),
    });
    // No filter state: the defaults.
    expect(transformProps(props()).initialValues).toEqual({ state: [], num: 12 });
    // What the box emitted (read back after a reload of the dashboard): its choices.
    const p = transformProps(props());
    const emitted = filterBoxMask(p.filters, { state: ['CA', 'NY'], num: 7 }, {});
    expect(emitted.filterState).toEqual({
      value: { state: ['CA', 'NY'], num: 7 },
      time: { time_range: null, time_grain_sqla: null, granularity_sqla: null },
    });
    expect(transformProps(props(emitted.filterState)).initialValues).toEqual({
      state: ['CA', 'NY'],
      num: 7,
    });
    // The selects show them.
    const html = renderToStaticMarkup(
      createElement(FilterBoxChart, transformProps(props(emitted.filterState))),
    );
    expect(html).toContain('<span class="ant-select-selection-item-content">NY</span>');
    expect(html).toContain('title="7"');
    expect(html).not.toContain('title="12"');
    // Emptied filters stay empty (the dashboard filters by nothing there), not the default.
    const cleared = filterBoxMask(p.filters, { state: [], num: null }, {});
    expect(cleared.extraFormData).toEqual({ filters: [] });
    expect(transformProps(props(cleared.filterState)).initialValues).toEqual({
      state: [],
      num: null,
    });
    // Columns it does not hold, other shapes (a cleared cross filter, a group), odd values.
    expect(transformProps(props({ value: { state: ['CA'] } })).initialValues).toEqual({
      state: ['CA'],
      num: 12,
    });
    expect(transformProps(props({ value: null, selectedValues: null })).initialValues).toEqual({
      state: [],
      num: 12,
    });
    expect(transformProps(props({ value: [['CA']] })).initialValues).toEqual({
      state: [],
      num: 12,
    });
    const filters = [
      { column: 'a', multiple: true, defaultValue: [] },
      { column: 'b', multiple: false, defaultValue: 'x' },
      { column: 'c', multiple: false, defaultValue: null },
    ];
    expect(initialSelection(filters, { value: { a: 'CA', b: ['y', 'z'], c: { x: 1 } } })).toEqual({
      a: ['CA'],
      b: 'y',
      c: null,
    });
    expect(initialSelection(filters, { value: { a: null, b: [], c: true } })).toEqual({
      a: [],
      b: null,
      c: true,
    });
  });

  it('masks the choices with the time settings', () => {
    const mask = filterBoxMask(
      [
        {
          column: 'state',
          label: 'State',
          multiple: true,
          clearable: true,
          searchAllOptions: false,
          choices: [],
          defaultValue: [],
        },
      ],
      { state: ['CA', 'NY'] },
      { time_range: 'Last week', time_grain_sqla: 'P1D', granularity_sqla: null },
    );
    expect(mask.extraFormData).toEqual({
      filters: [{ col: 'state', op: 'IN', val: ['CA', 'NY'] }],
      time_range: 'Last week',
      time_grain_sqla: 'P1D',
    });
  });

  it('shows first the time settings its own filter state holds, else the chart time range', () => {
    const props = (filterState?: Record<string, unknown>): ChartProps => ({
      width: 300,
      height: 400,
      formData: { ...fd, show_sqla_time_granularity: true, show_sqla_time_column: true },
      queriesData: [],
      datasource: { ...datasource, time_grain_sqla: [['P1D', 'Day']] },
      ...(filterState ? { filterState } : {}),
    });
    expect(transformProps(props()).initialTime).toEqual({
      time_range: 'Last year',
      time_grain_sqla: null,
      granularity_sqla: null,
    });
    const p = transformProps(props());
    const emitted = filterBoxMask(
      p.filters,
      { state: [] },
      { time_range: 'Last week', time_grain_sqla: 'P1D', granularity_sqla: 'ds' },
    );
    const again = transformProps(props(emitted.filterState));
    expect(again.initialTime).toEqual({
      time_range: 'Last week',
      time_grain_sqla: 'P1D',
      granularity_sqla: 'ds',
    });
    // The pickers show them after a reload.
    const html = renderToStaticMarkup(createElement(FilterBoxChart, again));
    expect(html).toContain('title="Day"');
    expect(html).toContain('title="ds"');
    // Odd kept values give the defaults.
    expect(
      transformProps(props({ value: {}, time: { time_range: 3, time_grain_sqla: [] } }))
        .initialTime,
    ).toEqual({ time_range: 'Last year', time_grain_sqla: null, granularity_sqla: null });
  });
});
