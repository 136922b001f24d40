import type { QueryObject } from '@strata/core';
import { describe, expect, it } from 'vitest';
import { compileQuery, QueryValidationError } from './index.js';
import { SALES } from './test-dataset.js';
import { DIALECTS } from './test-dialects.js';

const duck = DIALECTS.duckdb;
const compile = (q: QueryObject, d = duck, ds = SALES, o = {}) => compileQuery(q, ds, d, o);
const sum = { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'num' } } as const;

describe('compileQuery: shape', () => {
  it('groups by columns and aggregates metrics, one clause per line', () => {
    const r = compile({
      columns: ['name'],
      metrics: ['count', sum],
      orderby: [['count', false]],
      row_limit: 10,
    });
    expect(r.sql).toBe(
      [
        'SELECT "name" AS "name",',
        '       COUNT(*) AS "count",',
        '       SUM("num") AS "SUM(num)"',
        'FROM "main"."sales"',
        'GROUP BY "name"',
        'ORDER BY "count" DESC NULLS LAST',
        'LIMIT 10',
      ].join('\n'),
    );
    expect(r.labels).toEqual(['name', 'count', 'SUM(num)']);
    expect(r.metricLabels).toEqual(['count', 'SUM(num)']);
    expect(r.columnLabels).toEqual(['name']);
  });

  it('writes every SIMPLE aggregate, COUNT_DISTINCT as COUNT(DISTINCT …)', () => {
    const r = compile({
      metrics: (['AVG', 'COUNT', 'COUNT_DISTINCT', 'MAX', 'MIN', 'SUM'] as const).map(
        (aggregate) => ({
          expressionType: 'SIMPLE' as const,
          aggregate,
          column: { column_name: 'num' },
        }),
      ),
    });
    expect(r.sql).toContain('AVG("num") AS "AVG(num)"');
    expect(r.sql).toContain('COUNT(DISTINCT "num") AS "COUNT_DISTINCT(num)"');
    expect(r.sql).not.toContain('GROUP BY');
    expect(r.labels).toEqual([
      'AVG(num)',
      'COUNT(num)',
      'COUNT_DISTINCT(num)',
      'MAX(num)',
      'MIN(num)',
      'SUM(num)',
    ]);
  });

  it('uses calculated column expressions and custom labels', () => {
    const r = compile({
      columns: ['name_upper', { label: 'Half', sqlExpression: 'num / 2' }],
      metrics: [{ expressionType: 'SQL', sqlExpression: 'MAX(num)', label: 'Biggest "one"' }],
    });
    expect(r.sql).toContain('(UPPER(name)) AS "name_upper"');
    expect(r.sql).toContain('(num / 2) AS "Half"');
    expect(r.sql).toContain('MAX(num) AS "Biggest ""one"""');
    expect(r.sql).toContain('GROUP BY (UPPER(name)),\n         (num / 2)');
  });

  it('raw mode selects columns without aggregation', () => {
    const r = compile({
      columns: ['name', 'num'],
      orderby: [['num', true]],
      row_limit: 5,
      row_offset: 10,
    });
    expect(r.sql).toBe(
      [
        'SELECT "name" AS "name",',
        '       "num" AS "num"',
        'FROM "main"."sales"',
        'ORDER BY "num" ASC NULLS LAST',
        'LIMIT 5',
        'OFFSET 10',
      ].join('\n'),
    );
  });

  it('an offset without a limit still gets a LIMIT (SQLite, MySQL)', () => {
    expect(compile({ columns: ['name'], row_offset: 3 }).sql).toMatch(
      /LIMIT 9223372036854775807\nOFFSET 3$/,
    );
  });

  it('truncates the x axis with the engine grain', () => {
    const q: QueryObject = {
      columns: [
        {
          label: 'ds',
          sqlExpression: 'ds',
          columnType: 'BASE_AXIS',
          timeGrain: 'P1M',
          isColumnReference: true,
        },
      ],
      metrics: ['count'],
    };
    expect(compile(q).sql).toContain(
      `CAST(date_trunc('month', CAST("ds" AS TIMESTAMP)) AS TIMESTAMP) AS "ds"`,
    );
    expect(compile(q, DIALECTS.sqlite).sql).toContain(`datetime("ds", 'start of month') AS "ds"`);
    expect(compile(q, DIALECTS.postgresql).sql).toContain(`DATE_TRUNC('month', "ds") AS "ds"`);
    // The grain of extras applies when the axis has none.
    const y = compile({
      columns: [{ label: 'ds', sqlExpression: 'ds', columnType: 'BASE_AXIS' }],
      metrics: ['count'],
      extras: { time_grain_sqla: 'P1Y' },
    });
    expect(y.sql).toContain(`date_trunc('year'`);
  });

  it('legacy time series: __timestamp first, grouped, time filter on granularity', () => {
    const r = compile({
      is_timeseries: true,
      granularity: 'ds',
      extras: { time_grain_sqla: 'P1D' },
      from_dttm: '2024-01-01T00:00:00',
      to_dttm: '2024-02-01T00:00:00',
      columns: ['name'],
      metrics: ['count'],
    });
    expect(r.labels).toEqual(['__timestamp', 'name', 'count']);
    expect(
      compile({
        is_timeseries: true,
        granularity: 'ds',
        metrics: ['count'],
        orderby: [['__timestamp', true]],
      }).sql,
    ).toContain('ORDER BY "__timestamp" ASC NULLS LAST');
    expect(r.sql).toContain(
      `WHERE "ds" >= TIMESTAMP '2024-01-01 00:00:00.000' AND "ds" < TIMESTAMP '2024-02-01 00:00:00.000'`,
    );
    expect(r.sql).toMatch(/GROUP BY CAST\(date_trunc\('day'/);
  });

  it('legacy since/until bound the time filter', () => {
    const r = compile({
      granularity: 'ds',
      since: '2024-01-01',
      until: '2024-02-01',
      metrics: ['count'],
    });
    expect(r.sql).toContain(
      `WHERE "ds" >= TIMESTAMP '2024-01-01 00:00:00.000' AND "ds" < TIMESTAMP '2024-02-01 00:00:00.000'`,
    );
  });

  it('a time filter on SQLite compares text the way SQLite stores it', () => {
    const r = compile(
      {
        granularity: 'ds',
        from_dttm: '2024-01-01',
        to_dttm: '2024-01-02T12:30:00',
        metrics: ['count'],
      },
      DIALECTS.sqlite,
    );
    expect(r.sql).toContain(`"ds" >= '2024-01-01' AND "ds" < '2024-01-02 12:30:00'`);
  });

  it('puts column filters in WHERE and metric filters in HAVING, with extras', () => {
    const r = compile({
      columns: ['name'],
      metrics: ['count'],
      filters: [
        { col: 'num', op: '>=', val: '3' },
        { col: 'count', op: '>', val: 1 },
      ],
      extras: { where: 'num < 100 OR num IS NULL', having: 'SUM(num) > 2' },
    });
    expect(r.sql).toContain('WHERE "num" >= 3\n  AND (num < 100 OR num IS NULL)');
    expect(r.sql).toContain('HAVING (COUNT(*)) > 1\n   AND (SUM(num) > 2)');
  });

  it('renders every operator', () => {
    const cases: Array<[QueryObject['filters'], string]> = [
      [[{ col: 'name', op: '==', val: 'a' }], `"name" = 'a'`],
      [[{ col: 'name', op: '!=', val: 'a' }], `"name" <> 'a'`],
      [[{ col: 'name', op: '==', val: null }], `"name" IS NULL`],
      [[{ col: 'name', op: '!=', val: null }], `"name" IS NOT NULL`],
      [[{ col: 'num', op: '>', val: 1 }], `"num" > 1`],
      [[{ col: 'num', op: '<', val: 1.5 }], `"num" < 1.5`],
      [[{ col: 'num', op: '<=', val: '-2' }], `"num" <= -2`],
      [[{ col: 'name', op: 'LIKE', val: 'a%' }], `"name" LIKE 'a%'`],
      [[{ col: 'name', op: 'NOT LIKE', val: 'a%' }], `NOT ("name" LIKE 'a%')`],
      [[{ col: 'name', op: 'ILIKE', val: 'a%' }], `"name" ILIKE 'a%'`],
      [[{ col: 'num', op: 'LIKE', val: '1%' }], `CAST("num" AS VARCHAR) LIKE '1%'`],
      [[{ col: 'name', op: 'REGEX', val: '^a' }], `regexp_matches("name", '^a')`],
      [[{ col: 'name', op: 'IN', val: ['a', 'b'] }], `"name" IN ('a', 'b')`],
      [[{ col: 'name', op: 'IN', val: ['a', null] }], `("name" IS NULL OR "name" IN ('a'))`],
      [[{ col: 'name', op: 'NOT IN', val: ['a'] }], `NOT ("name" IN ('a'))`],
      [[{ col: 'num', op: 'IN', val: ['1', 2] }], `"num" IN (1, 2)`],
      [[{ col: 'name', op: 'IS NULL' }], `"name" IS NULL`],
      [[{ col: 'name', op: 'IS NOT NULL' }], `"name" IS NOT NULL`],
      [[{ col: 'flag', op: 'IS TRUE' }], `"flag" IS TRUE`],
      [[{ col: 'flag', op: 'IS FALSE' }], `"flag" IS FALSE`],
      [[{ col: 'flag', op: '==', val: 'true' }], `"flag" = TRUE`],
      [
        [{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-03-01' }],
        `"ds" >= TIMESTAMP '2024-01-01 00:00:00.000' AND "ds" < TIMESTAMP '2024-03-01 00:00:00.000'`,
      ],
      [
        [{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2024-01-01 : ' }],
        `"ds" >= TIMESTAMP '2024-01-01 00:00:00.000'`,
      ],
      [
        [{ col: 'ds', op: '>', val: '2024-01-01T10:00:00Z' }],
        `"ds" > TIMESTAMP '2024-01-01 10:00:00.000'`,
      ],
    ];
    for (const [filters, expected] of cases) {
      const r = compile({ columns: ['name'], metrics: ['count'], filters });
      expect(r.sql, JSON.stringify(filters)).toContain(`WHERE ${expected}\n`);
    }
  });

  it('TEMPORAL_RANGE "No filter" adds nothing; other ranges go through the resolver', () => {
    expect(
      compile({
        metrics: ['count'],
        filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: 'No filter' }],
      }).sql,
    ).not.toContain('WHERE');
    const r = compile(
      { metrics: ['count'], filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last week' }] },
      duck,
      SALES,
      {
        resolveTimeRange: () => ({ since: '2024-03-04T00:00:00', until: '2024-03-11T00:00:00' }),
      },
    );
    expect(r.sql).toContain(`"ds" >= TIMESTAMP '2024-03-04 00:00:00.000'`);
    expect(() =>
      compile({
        metrics: ['count'],
        filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last week' }],
      }),
    ).toThrow(QueryValidationError);
    // The query's own range with the caller's from/to.
    const own = compile({
      metrics: ['count'],
      time_range: 'Last week',
      from_dttm: '2024-03-04T00:00:00',
      to_dttm: '2024-03-11T00:00:00',
      filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last week' }],
    });
    expect(own.sql).toContain(`"ds" < TIMESTAMP '2024-03-11 00:00:00.000'`);
  });

  it('engine differences: case-sensitive LIKE, ILIKE, REGEX, NULL ordering', () => {
    const q: QueryObject = {
      columns: ['name'],
      metrics: ['count'],
      filters: [
        { col: 'name', op: 'LIKE', val: 'a_%*' },
        { col: 'name', op: 'ILIKE', val: 'A%' },
      ],
      orderby: [['name', true]],
    };
    const sqlite = compile(q, DIALECTS.sqlite).sql;
    expect(sqlite).toContain(`"name" GLOB 'a?*[*]'`);
    expect(sqlite).toContain(`LOWER("name") LIKE LOWER('A%')`);
    const mysql = compile(q, DIALECTS.mysql).sql;
    expect(mysql).toContain("CAST(`name` AS BINARY) LIKE CAST('a_%*' AS BINARY)");
    expect(mysql).toContain('ORDER BY `name` IS NULL, `name` ASC');
    expect(compile(q, DIALECTS.postgresql).sql).toContain(`"name" ILIKE 'A%'`);
    expect(
      compile(
        { columns: ['name'], filters: [{ col: 'name', op: 'REGEX', val: 'x' }] },
        DIALECTS.postgresql,
      ).sql,
    ).toContain(`"name" ~ 'x'`);
    expect(() =>
      compile(
        { columns: ['name'], filters: [{ col: 'name', op: 'REGEX', val: 'x' }] },
        DIALECTS.sqlite,
      ),
    ).toThrow(/not supported on sqlite/);
  });

  it('series limit: top series by a metric in an inner query joined back', () => {
    const r = compile({
      columns: [
        { label: 'ds', sqlExpression: 'ds', columnType: 'BASE_AXIS', timeGrain: 'P1D' },
        'name',
      ],
      series_columns: ['name'],
      metrics: ['count'],
      series_limit: 2,
      series_limit_metric: 'sum_num',
      filters: [{ col: 'num', op: '>', val: 0 }],
    });
    expect(r.sql).toContain(
      [
        'FROM "main"."sales"',
        'JOIN (',
        'SELECT "name" AS "name__",',
        '       COUNT(*) AS "mme_inner__"',
        'FROM "main"."sales"',
        'WHERE "num" > 0',
        'GROUP BY "name"',
        'ORDER BY SUM(num) DESC NULLS LAST,',
        '         "name" ASC NULLS LAST',
        'LIMIT 2',
        ') AS "series_limit" ON "name" = "series_limit"."name__"',
        'WHERE "num" > 0',
      ].join('\n'),
    );
    // order_desc false ranks the smallest; without series columns there is no limit query.
    expect(
      compile({
        columns: ['name'],
        series_columns: ['name'],
        metrics: ['count'],
        series_limit: 2,
        order_desc: false,
      }).sql,
    ).toContain('ORDER BY "mme_inner__" ASC NULLS LAST');
    expect(compile({ columns: ['name'], metrics: ['count'], series_limit: 2 }).sql).not.toContain(
      'JOIN',
    );
  });

  it('virtual datasets are a subquery whose closing parenthesis a comment cannot hide', () => {
    const virtual = { ...SALES, schema: null, sql: 'SELECT * FROM sales -- all rows\n;' };
    const r = compile({ columns: ['name'], metrics: ['count'] }, duck, virtual);
    expect(r.sql).toContain('FROM (\nSELECT * FROM sales -- all rows\n) AS "virtual_table"');
    expect(() =>
      compile({ columns: ['name'] }, duck, { ...virtual, sql: 'SELECT 1; SELECT 2' }),
    ).toThrow(QueryValidationError);
    expect(() =>
      compile({ columns: ['name'] }, duck, { ...virtual, sql: 'DELETE FROM sales' }),
    ).toThrow(QueryValidationError);
  });

  it('applies the fetch values predicate when asked', () => {
    expect(
      compile({ columns: ['name'], metrics: [], apply_fetch_values_predicate: true }).sql,
    ).toContain('WHERE (num > 0)');
    expect(compile({ columns: ['name'], metrics: [] }).sql).not.toContain('WHERE');
  });

  it('reports filters on unknown columns and LATEST PARTITION as rejected', () => {
    const r = compile({
      columns: ['name'],
      metrics: ['count'],
      filters: [
        { col: 'region', op: '==', val: 'x' },
        { col: 'ds', op: 'LATEST PARTITION' },
        { col: 'name', op: '==', val: 'a' },
      ],
    });
    expect(r.rejectedFilters.map((f) => f.column)).toEqual(['region', 'ds']);
    expect(r.appliedFilters).toEqual(['name']);
    expect(r.sql).not.toContain('region');
  });

  it('shortens long aliases on MySQL and PostgreSQL, keeping them distinct', () => {
    const long = 'x'.repeat(70);
    const q: QueryObject = {
      metrics: [
        { expressionType: 'SQL', sqlExpression: 'SUM(num)', label: `${long}1` },
        { expressionType: 'SQL', sqlExpression: 'MAX(num)', label: `${long}2` },
      ],
    };
    const r = compile(q, DIALECTS.mysql);
    expect(r.labels).toEqual([`${long}1`, `${long}2`]);
    expect(r.aliases[0]!.length).toBeLessThanOrEqual(64);
    expect(r.aliases[0]).not.toBe(r.aliases[1]);
    expect(compile(q).aliases).toEqual(r.labels);
  });

  it('row count wraps the query', () => {
    const r = compile({ columns: ['name'], metrics: ['count'], is_rowcount: true });
    expect(r.sql).toMatch(/^SELECT COUNT\(\*\) AS "rowcount"\nFROM \(\nSELECT/);
    expect(r.labels).toEqual(['rowcount']);
  });

  it('ordering by a metric makes a raw query aggregate (Superset)', () => {
    const r = compile({ columns: ['name'], orderby: [['count', false]] });
    expect(r.sql).toContain('GROUP BY "name"');
    expect(r.sql).toContain('ORDER BY COUNT(*) DESC NULLS LAST');
  });
});
