/**
 * The injection corpus: what a request may carry into SQL, and that it is either rendered as data
 * (quoted by the engine) or refused with a QueryValidationError naming the problem.
 */
import type { QueryObject } from '@strata/core';
import { describe, expect, it } from 'vitest';
import { compileQuery, QueryValidationError } from './index.js';
import { requestPolicy } from './context.js';
import { fragmentProblem, STRUCTURAL_ONLY } from './fragment.js';
import { SALES } from './test-dataset.js';
import { DIALECTS } from './test-dialects.js';

const ENGINES = Object.values(DIALECTS);
const base: QueryObject = { columns: ['name'], metrics: ['count'] };

function refused(q: QueryObject, message: RegExp): void {
  for (const d of ENGINES) {
    let error: unknown = null;
    try {
      compileQuery(q, SALES, d);
    } catch (e) {
      error = e;
    }
    expect(error, `${d.engine}: ${JSON.stringify(q)}`).toBeInstanceOf(QueryValidationError);
    expect((error as QueryValidationError).message, d.engine).toMatch(message);
    expect((error as QueryValidationError).statusCode).toBe(400);
  }
}

const DANGEROUS_SQL = [
  '1); DELETE FROM t; --',
  'num; DROP TABLE sales',
  'num -- hide the rest',
  'num /* hidden */',
  'num /* unterminated',
  '(SELECT password FROM users LIMIT 1)',
  'num IN (SELECT id FROM other)',
  'EXISTS (SELECT 1)',
  '1 UNION SELECT 2',
  'num) UNION ALL (SELECT 1',
  "num = 1 OR pg_read_file('/etc/passwd') IS NOT NULL",
  "load_extension('x')",
  "'unterminated",
  '(num',
  'num)',
  'num INTO OUTFILE',
  'WITH x AS (SELECT 1) SELECT * FROM x',
  '(FROM other)',
  'sleep(10)',
  'num; ',
  'x\u0000y',
];

describe('adhoc SQL fragments are one expression', () => {
  it.each(DANGEROUS_SQL)('refuses %j everywhere', (sql) => {
    for (const d of ENGINES) {
      expect(fragmentProblem(sql, d.engine, STRUCTURAL_ONLY), d.engine).not.toBeNull();
      expect(fragmentProblem(sql, d.engine, requestPolicy(d)), d.engine).not.toBeNull();
    }
  });

  it('accepts ordinary expressions', () => {
    for (const sql of [
      'SUM(num) / NULLIF(COUNT(*), 0)',
      "CASE WHEN name = 'a;b -- c' THEN 1 ELSE 0 END",
      'EXTRACT(YEAR FROM ds)',
      "TRIM(BOTH 'x' FROM name)",
      'COUNT(DISTINCT name)',
      '"from" + 1',
      't.select',
    ])
      for (const d of ENGINES) {
        expect(fragmentProblem(sql, d.engine, STRUCTURAL_ONLY), `${d.engine}: ${sql}`).toBeNull();
        expect(fragmentProblem(sql, d.engine, requestPolicy(d)), `${d.engine}: ${sql}`).toBeNull();
      }
  });

  it.each(DANGEROUS_SQL.filter((s) => !s.includes('\u0000')))(
    'refuses %j in every place adhoc SQL goes',
    (sql) => {
      refused(
        { ...base, metrics: [{ expressionType: 'SQL', sqlExpression: sql, label: 'm' }] },
        /custom SQL of metric "m"/,
      );
      refused(
        { ...base, columns: [{ label: 'c', sqlExpression: sql }] },
        /custom SQL of column "c"/,
      );
      refused({ ...base, extras: { where: sql } }, /WHERE clause/);
      refused({ ...base, extras: { having: sql } }, /HAVING clause/);
      refused(
        { ...base, filters: [{ col: { label: 'f', sqlExpression: sql }, op: '==', val: 1 }] },
        /custom SQL of column "f"/,
      );
      refused(
        { ...base, orderby: [[{ expressionType: 'SQL', sqlExpression: sql, label: 'o' }, true]] },
        /custom SQL of metric "o"/,
      );
      refused(
        {
          ...base,
          series_limit: 2,
          series_columns: ['name'],
          series_limit_metric: { expressionType: 'SQL', sqlExpression: sql, label: 's' },
        },
        /custom SQL of metric "s"/,
      );
    },
  );

  it('checks the dataset expressions too', () => {
    const bad = {
      ...SALES,
      metrics: [{ metric_name: 'evil', expression: 'COUNT(*); DROP TABLE sales' }],
    };
    expect(() => compileQuery({ metrics: ['evil'] }, bad, DIALECTS.duckdb)).toThrow(
      /metric "evil" cannot contain a statement separator/,
    );
    const badPredicate = { ...SALES, fetch_values_predicate: '1=1) OR (1=1' };
    expect(() =>
      compileQuery(
        { columns: ['name'], apply_fetch_values_predicate: true },
        badPredicate,
        DIALECTS.duckdb,
      ),
    ).toThrow(/fetch values predicate/);
  });
});

describe('values are rendered as literals', () => {
  const payloads = [
    "'; DROP TABLE x; --",
    "a' OR '1'='1",
    "\\'; DROP TABLE x; --",
    'x\\',
    '"; DROP',
    "O'Brien",
  ];

  it.each(payloads)('quotes %j in comparators on every engine', (val) => {
    for (const d of ENGINES) {
      const r = compileQuery(
        {
          ...base,
          filters: [
            { col: 'name', op: 'IN', val: [val] },
            { col: 'name', op: '==', val },
          ],
        },
        SALES,
        d,
      );
      const lit = d.literal(val);
      expect(r.sql).toContain(`IN (${lit})`);
      expect(r.sql).toContain(`= ${lit}`);
      // Outside the literals nothing of the payload remains.
      expect(r.sql.split(lit).join('')).not.toMatch(/DROP|OR '1'/);
    }
  });

  it('refuses non-numbers for numeric columns instead of quoting them', () => {
    refused(
      { ...base, filters: [{ col: 'num', op: '==', val: '1; DROP TABLE x' }] },
      /Invalid value for numeric column "num"/,
    );
    refused(
      { ...base, filters: [{ col: 'num', op: 'IN', val: ['1', '1 OR 1=1'] }] },
      /numeric column/,
    );
    refused({ ...base, filters: [{ col: 'flag', op: '==', val: 'maybe' }] }, /boolean column/);
  });

  it('refuses bad time bounds', () => {
    refused(
      { ...base, granularity: 'ds', from_dttm: "2024-01-01'; DROP TABLE x; --" },
      /Invalid start date-time/,
    );
    refused(
      { ...base, filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: "'; DROP TABLE x; -- : now" }] },
      /Time range could not be resolved/,
    );
  });
});

describe('input that skipped the schema', () => {
  const unchecked = (q: Record<string, unknown>) => q as unknown as QueryObject;
  it('refuses limits that are not integers and values that are not scalars', () => {
    refused(
      unchecked({ ...base, row_limit: '1; DROP TABLE x' }),
      /Row limit is expected to be an integer/,
    );
    refused(unchecked({ ...base, row_offset: 1.5 }), /Row offset/);
    refused(unchecked({ ...base, series_limit: '2) x', series_columns: ['name'] }), /Series limit/);
    refused(
      unchecked({ ...base, filters: [{ col: 'name', op: '==', val: { toString: 'x' } }] }),
      /Invalid filter value/,
    );
    refused(
      unchecked({ ...base, filters: [{ col: 'num', op: '==', val: Infinity }] }),
      /Invalid filter value/,
    );
    refused(
      unchecked({ ...base, filters: [{ col: 'name', op: '=; DROP', val: 1 }] }),
      /Invalid filter operation type/,
    );
    refused(
      unchecked({
        metrics: [
          { expressionType: 'SIMPLE', aggregate: 'SUM); DROP', column: { column_name: 'num' } },
        ],
      }),
      /Unknown aggregate/,
    );
  });
});

describe("names must be the dataset's", () => {
  const evil = 'name"; DROP TABLE sales; --';
  it('refuses columns, metrics, orderby and granularity that do not exist', () => {
    refused(
      { columns: [evil], metrics: ['count'] },
      /Column "name"; DROP TABLE sales; --" does not exist/,
    );
    refused({ groupby: ['nope'], metrics: ['count'] }, /Column "nope" does not exist/);
    refused(
      { columns: ['name'], metrics: [evil] },
      /Metric 'name"; DROP TABLE sales; --' does not exist/,
    );
    refused(
      { metrics: [{ expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: evil } }] },
      /does not exist in dataset/,
    );
    refused({ ...base, orderby: [[evil, true]] }, /Unknown column used in orderby/);
    refused({ ...base, granularity: evil }, /Time column .* does not exist/);
    refused(
      { ...base, series_limit: 2, series_columns: ['name'], series_limit_metric: evil },
      /does not exist/,
    );
    refused(
      { ...base, columns: [{ sqlExpression: evil, isColumnReference: true, label: 'x' }] },
      /does not exist in dataset/,
    );
    refused(
      {
        ...base,
        extras: { time_grain_sqla: "P1D'); DROP" },
        columns: [{ label: 'ds', sqlExpression: 'ds', columnType: 'BASE_AXIS' }],
      },
      /Unknown time grain/,
    );
    refused({}, /Empty query/);
  });

  it('filters on unknown columns are rejected, never rendered', () => {
    for (const d of ENGINES) {
      const r = compileQuery({ ...base, filters: [{ col: evil, op: '==', val: 1 }] }, SALES, d);
      expect(r.rejectedFilters).toEqual([
        { column: evil, reason: 'not a column or metric of the dataset' },
      ]);
      expect(r.sql).not.toContain('DROP');
    }
  });

  it('labels with quotes are quoted names', () => {
    const label = 'x" FROM sales; DROP TABLE sales; --`';
    for (const d of ENGINES) {
      const r = compileQuery(
        {
          ...base,
          metrics: [
            { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'num' }, label },
          ],
        },
        SALES,
        d,
      );
      const alias = r.aliases[1]!;
      expect(r.sql).toContain(`SUM(${d.quoteIdentifier('num')}) AS ${d.quoteIdentifier(alias)}`);
      expect(r.labels[1]).toBe(label);
    }
    refused(
      {
        ...base,
        metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(num)', label: 'a\u0000b' }],
      },
      /NUL/,
    );
  });
});
