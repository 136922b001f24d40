/** The compiler and python_date_format: epoch grains, time filters in the column's format. */
import { GenericDataType, type QueryObject } from '@strata/core';
import { describe, expect, it } from 'vitest';
import { compileDatasetFrom, effectiveDateFormat } from './from-dataset.js';
import { compileQuery, QueryValidationError, type CompileDataset } from './index.js';
import { DIALECTS } from './test-dialects.js';
import type { DatasetRecord } from '../../datasets/repository.js';

const EVENTS: CompileDataset = {
  table_name: 'events',
  schema: null,
  columns: [
    {
      column_name: 'ts_s',
      is_dttm: true,
      type_generic: GenericDataType.TEMPORAL,
      python_date_format: 'epoch_s',
    },
    {
      column_name: 'ts_ms',
      is_dttm: true,
      type_generic: GenericDataType.TEMPORAL,
      python_date_format: 'epoch_ms',
    },
    {
      column_name: 'year',
      is_dttm: true,
      type_generic: GenericDataType.TEMPORAL,
      python_date_format: '%Y',
    },
    {
      column_name: 'day_text',
      is_dttm: true,
      type_generic: GenericDataType.TEMPORAL,
      python_date_format: '%Y/%m/%d',
    },
    {
      column_name: 'odd',
      is_dttm: true,
      type_generic: GenericDataType.TEMPORAL,
      python_date_format: '%Y %Z',
    },
    {
      column_name: 'not_dttm',
      type_generic: GenericDataType.NUMERIC,
      python_date_format: 'epoch_s',
    },
    { column_name: 'name', type_generic: GenericDataType.STRING },
  ],
  metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
};

const compile = (q: QueryObject, engine: keyof typeof DIALECTS = 'duckdb') =>
  compileQuery(q, EVENTS, DIALECTS[engine]);

const axis = (column: string, timeGrain: string | null = null) => ({
  label: column,
  sqlExpression: column,
  columnType: 'BASE_AXIS' as const,
  timeGrain,
  isColumnReference: true,
});

describe('compileQuery: epoch columns under a time grain', () => {
  it('converts epoch_s / epoch_ms with the engine before truncating (BASE_AXIS)', () => {
    const day = compile({ columns: [axis('ts_s', 'P1D')], metrics: ['count'] });
    expect(day.sql).toContain(
      `CAST(date_trunc('day', CAST(make_timestamp(CAST("ts_s" * 1000000 AS BIGINT)) AS TIMESTAMP)) AS TIMESTAMP) AS "ts_s"`,
    );
    expect(day.dateColumns).toEqual([]);
    const ms = compile({ columns: [axis('ts_ms', 'P1M')], metrics: ['count'] });
    expect(ms.sql).toContain(`make_timestamp(CAST("ts_ms" * 1000 AS BIGINT))`);
  });

  it('writes each engine its own conversion', () => {
    const q: QueryObject = { columns: [axis('ts_s', 'P1D')], metrics: ['count'] };
    expect(compile(q, 'postgresql').sql).toContain(
      `DATE_TRUNC('day', (timestamp 'epoch' + "ts_s" * interval '1 second')) AS "ts_s"`,
    );
    expect(compile(q, 'mysql').sql).toContain(
      "DATE((TIMESTAMP '1970-01-01 00:00:00' + INTERVAL (`ts_s`) SECOND)) AS `ts_s`",
    );
    expect(compile(q, 'sqlite').sql).toContain(
      `datetime(datetime("ts_s", 'unixepoch'), 'start of day') AS "ts_s"`,
    );
    const ms: QueryObject = { columns: [axis('ts_ms', 'P1D')], metrics: ['count'] };
    expect(compile(ms, 'postgresql').sql).toContain(
      `(timestamp 'epoch' + "ts_ms" * interval '1 millisecond')`,
    );
    expect(compile(ms, 'mysql').sql).toContain(
      "(TIMESTAMP '1970-01-01 00:00:00' + INTERVAL (`ts_ms` * 1000) MICROSECOND)",
    );
    expect(compile(ms, 'sqlite').sql).toContain(`datetime("ts_ms" / 1000.0, 'unixepoch')`);
  });

  it('converts on the legacy __timestamp, a grained groupby and a grained filter', () => {
    const legacy = compile({
      is_timeseries: true,
      granularity: 'ts_s',
      extras: { time_grain_sqla: 'P1D' },
      columns: ['ts_s'],
      metrics: ['count'],
      filters: [{ col: 'ts_ms', op: '==', val: '2024-01-02', grain: 'P1D' }],
    });
    expect(legacy.sql).toContain(
      `CAST(date_trunc('day', CAST(make_timestamp(CAST("ts_s" * 1000000 AS BIGINT)) AS TIMESTAMP)) AS TIMESTAMP) AS "__timestamp"`,
    );
    expect(legacy.sql).toContain(
      `CAST(date_trunc('day', CAST(make_timestamp(CAST("ts_s" * 1000000 AS BIGINT)) AS TIMESTAMP)) AS TIMESTAMP) AS "ts_s"`,
    );
    expect(legacy.sql).toContain(
      `CAST(date_trunc('day', CAST(make_timestamp(CAST("ts_ms" * 1000 AS BIGINT)) AS TIMESTAMP)) AS TIMESTAMP) = TIMESTAMP '2024-01-02 00:00:00.000'`,
    );
    expect(legacy.dateColumns).toEqual([]);
  });

  it('selects the column as stored without a grain, and reports it as a date column', () => {
    const raw = compile({ columns: [axis('ts_s')], metrics: ['count'] });
    expect(raw.sql).toContain(`SELECT "ts_s" AS "ts_s"`);
    expect(raw.dateColumns).toEqual([{ label: 'ts_s', format: 'epoch_s' }]);
  });

  it('leaves columns without is_dttm, or with an unknown directive, as they are', () => {
    expect(compile({ columns: [axis('odd', 'P1D')], metrics: ['count'] }).sql).toContain(
      `CAST(date_trunc('day', CAST("odd" AS TIMESTAMP)) AS TIMESTAMP)`,
    );
    expect(compile({ columns: [axis('odd')], metrics: ['count'] }).dateColumns).toEqual([]);
    expect(compile({ columns: [axis('not_dttm', 'P1D')], metrics: ['count'] }).sql).toContain(
      `SELECT "not_dttm" AS "not_dttm"`,
    );
  });

  it('refuses an epoch grain on a dialect without a conversion', () => {
    const { epochToDttm: _none, ...bare } = DIALECTS.duckdb;
    expect(() =>
      compileQuery({ columns: [axis('ts_s', 'P1D')], metrics: ['count'] }, EVENTS, bare),
    ).toThrow(QueryValidationError);
  });
});

describe('compileQuery: time filters in the column format', () => {
  const range = (col: string, engine: keyof typeof DIALECTS = 'duckdb') =>
    compile(
      {
        columns: ['name'],
        metrics: ['count'],
        filters: [{ col, op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-03-01T12:30:00' }],
      },
      engine,
    ).sql;

  it('epoch_s / epoch_ms bounds are whole seconds / milliseconds since the epoch', () => {
    expect(range('ts_s')).toContain(`WHERE "ts_s" >= 1704067200 AND "ts_s" < 1709296200\n`);
    expect(range('ts_ms')).toContain(
      `WHERE "ts_ms" >= 1704067200000 AND "ts_ms" < 1709296200000\n`,
    );
    expect(range('ts_s', 'mysql')).toContain('`ts_s` >= 1704067200 AND `ts_s` < 1709296200');
  });

  it('a strftime format writes the bounds as text through the literal', () => {
    expect(range('year')).toContain(`WHERE "year" >= '2024' AND "year" < '2024'\n`);
    expect(range('day_text')).toContain(
      `WHERE "day_text" >= '2024/01/01' AND "day_text" < '2024/03/01'\n`,
    );
    expect(range('day_text', 'sqlite')).toContain(`"day_text" >= '2024/01/01'`);
  });

  it('an unknown directive or no is_dttm keeps the timestamp literal', () => {
    expect(range('odd')).toContain(`"odd" >= TIMESTAMP '2024-01-01 00:00:00.000'`);
  });

  it('the granularity time filter (outer and series limit inner) uses the format', () => {
    const r = compile({
      is_timeseries: true,
      granularity: 'year',
      columns: ['name'],
      series_limit: 2,
      metrics: ['count'],
      from_dttm: '2000-01-01T00:00:00',
      to_dttm: '2010-01-01T00:00:00',
      inner_from_dttm: '2005-01-01T00:00:00',
    });
    expect(r.sql).toContain(`"year" >= '2000' AND "year" < '2010'`);
    expect(r.sql).toContain(`"year" >= '2005' AND "year" < '2010'`);
    expect(r.sql).toContain(`SELECT "year" AS "__timestamp"`);
    expect(r.dateColumns).toEqual([{ label: '__timestamp', format: '%Y' }]);
  });

  it('a grained TEMPORAL_RANGE filter compares timestamps', () => {
    const sql = compile({
      columns: ['name'],
      metrics: ['count'],
      filters: [{ col: 'ts_s', op: 'TEMPORAL_RANGE', val: '2024-01-01 : ', grain: 'P1D' }],
    }).sql;
    expect(sql).toContain(`AS TIMESTAMP) >= TIMESTAMP '2024-01-01 00:00:00.000'`);
  });

  it('an adhoc column reference reads the format too', () => {
    const sql = compile({
      columns: ['name'],
      metrics: ['count'],
      filters: [
        {
          col: { label: 'y', sqlExpression: 'year', isColumnReference: true },
          op: 'TEMPORAL_RANGE',
          val: '1999-06-01 : ',
        },
      ],
    }).sql;
    expect(sql).toContain(`WHERE "year" >= '1999'\n`);
  });

  it('a quote written by the format is escaped by the literal', () => {
    const ds: CompileDataset = {
      ...EVENTS,
      columns: [
        {
          column_name: 'q',
          is_dttm: true,
          type_generic: GenericDataType.TEMPORAL,
          python_date_format: "%Y'%m",
        },
      ],
    };
    const sql = compileQuery(
      {
        metrics: ['count'],
        filters: [{ col: 'q', op: 'TEMPORAL_RANGE', val: '2024-05-01 : ' }],
      },
      ds,
      DIALECTS.postgresql,
    ).sql;
    expect(sql).toContain(`"q" >= '2024''05'`);
  });
});

describe('compileQuery: dateColumns', () => {
  it('names the time columns of the query object selected as stored', () => {
    const r = compile({
      columns: [axis('year'), 'ts_s', 'name'],
      granularity: 'ts_ms',
      metrics: ['count'],
    });
    // ts_s is a plain dimension (not the axis nor the granularity): left as it is.
    expect(r.dateColumns).toEqual([{ label: 'year', format: '%Y' }]);
    const drill = compile({ columns: ['ts_ms', 'year', 'name'], granularity: 'year' });
    expect(drill.dateColumns).toEqual([{ label: 'year', format: '%Y' }]);
    expect(
      compile({ metrics: ['count'], columns: [axis('year')], is_rowcount: true }).dateColumns,
    ).toEqual([]);
  });
});

describe('compileDatasetFrom: python_date_format', () => {
  it('keeps the format of number and text columns, not of DATE / TIMESTAMP ones', () => {
    expect(effectiveDateFormat('BIGINT', '%Y')).toBe('%Y');
    expect(effectiveDateFormat('VARCHAR', '%Y/%m/%d')).toBe('%Y/%m/%d');
    expect(effectiveDateFormat(null, 'epoch_s')).toBe('epoch_s');
    expect(effectiveDateFormat('YEAR', '%Y')).toBe('%Y');
    expect(effectiveDateFormat('TIMESTAMP WITH TIME ZONE', 'epoch_s')).toBeNull();
    expect(effectiveDateFormat('DATE', '%Y-%m-%d')).toBeNull();
    expect(effectiveDateFormat('datetime(6)', '%Y')).toBeNull();
    expect(effectiveDateFormat('BIGINT', null)).toBeNull();
    const rec = {
      row: { table_name: 't', schema: null, sql: null, main_dttm_col: null },
      columns: [
        { column_name: 'year', type: 'BIGINT', is_dttm: 1, python_date_format: '%Y' },
        { column_name: 'ds', type: 'DATE', is_dttm: 1, python_date_format: '%Y-%m-%d' },
      ],
      metrics: [],
      owners: [],
    } as unknown as DatasetRecord;
    expect(compileDatasetFrom(rec).columns.map((c) => c.python_date_format)).toEqual(['%Y', null]);
  });
});
