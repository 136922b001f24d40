import { describe, expect, it } from 'vitest';
import type { ChartProps, QueryContext } from '../../plugin.js';
import { emittedFilters, parseDefaultValue } from './filterItems.js';
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
});
