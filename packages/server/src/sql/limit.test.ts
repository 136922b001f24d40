import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type Engine } from './guard-lex.js';
import { applyLimit, type LimitResult } from './limit.js';

const dropdown = (sql: string, limit: number): LimitResult => ({
  sql,
  limitingFactor: 'DROPDOWN',
  effectiveLimit: limit,
});
const query = (sql: string, limit: number): LimitResult => ({
  sql,
  limitingFactor: 'QUERY',
  effectiveLimit: limit,
});
const notLimited = (sql: string): LimitResult => ({
  sql,
  limitingFactor: 'NOT_LIMITED',
  effectiveLimit: null,
});
const wrapped = (sql: string, limit: number) =>
  dropdown(`SELECT * FROM (\n${sql}\n) AS strata_limited LIMIT ${limit}`, limit);

/** [input, limit, expected, engines (all when left out)] */
type Case = [string, number, LimitResult, Engine[]?];

const CASES: Case[] = [
  // The statement's own top-level limit: keep the smaller, replacing only the number.
  ['SELECT * FROM t LIMIT 1000000', 100, dropdown('SELECT * FROM t LIMIT 100', 100)],
  ['select * from t limit 1000000;', 100, dropdown('select * from t limit 100', 100)],
  ['SELECT * FROM t LIMIT 5', 100, query('SELECT * FROM t LIMIT 5', 5)],
  [
    'SELECT * FROM t LIMIT 100',
    100,
    { sql: 'SELECT * FROM t LIMIT 100', limitingFactor: 'QUERY_AND_DROPDOWN', effectiveLimit: 100 },
  ],
  ['SELECT * FROM t LIMIT 10 OFFSET 5', 3, dropdown('SELECT * FROM t LIMIT 3 OFFSET 5', 3)],
  ['SELECT * FROM t LIMIT 10 OFFSET 5', 100, query('SELECT * FROM t LIMIT 10 OFFSET 5', 10)],
  [
    'SELECT * FROM t OFFSET 5 LIMIT 10',
    3,
    dropdown('SELECT * FROM t OFFSET 5 LIMIT 3', 3),
    ['postgresql', 'duckdb'],
  ],
  [
    'SELECT * FROM t LIMIT 5, 10',
    3,
    dropdown('SELECT * FROM t LIMIT 5, 3', 3),
    ['mysql', 'sqlite'],
  ],
  [
    'SELECT * FROM t LIMIT 5, 10',
    100,
    query('SELECT * FROM t LIMIT 5, 10', 10),
    ['mysql', 'sqlite'],
  ],
  ['SELECT * FROM t LIMIT 99999999999999999999', 7, dropdown('SELECT * FROM t LIMIT 7', 7)],
  [
    'SELECT * FROM t ORDER BY a FETCH FIRST 20 ROWS ONLY',
    10,
    dropdown('SELECT * FROM t ORDER BY a FETCH FIRST 10 ROWS ONLY', 10),
    ['postgresql', 'duckdb'],
  ],
  [
    'SELECT * FROM t OFFSET 2 ROWS FETCH NEXT 20 ROWS ONLY',
    100,
    query('SELECT * FROM t OFFSET 2 ROWS FETCH NEXT 20 ROWS ONLY', 20),
    ['postgresql', 'duckdb'],
  ],
  [
    'SELECT * FROM t FETCH FIRST ROW ONLY',
    0,
    dropdown('SELECT * FROM t FETCH FIRST 0 ROW ONLY', 0),
    ['postgresql', 'duckdb'],
  ],
  [
    'SELECT * FROM t LIMIT ALL',
    10,
    dropdown('SELECT * FROM t LIMIT 10', 10),
    ['postgresql', 'duckdb'],
  ],
  [
    'SELECT * FROM t LIMIT 50 FOR UPDATE',
    10,
    dropdown('SELECT * FROM t LIMIT 10 FOR UPDATE', 10),
    ['postgresql', 'mysql'],
  ],

  // No top-level limit: append on a new line.
  [
    'SELECT * FROM (SELECT * FROM t LIMIT 5) s',
    10,
    dropdown('SELECT * FROM (SELECT * FROM t LIMIT 5) s\nLIMIT 10', 10),
  ],
  ["SELECT 'LIMIT 5'", 10, dropdown("SELECT 'LIMIT 5'\nLIMIT 10", 10)],
  ['SELECT "LIMIT" FROM t', 10, dropdown('SELECT "LIMIT" FROM t\nLIMIT 10', 10)],
  [
    'WITH a AS (SELECT 1 LIMIT 2) SELECT * FROM a',
    10,
    dropdown('WITH a AS (SELECT 1 LIMIT 2) SELECT * FROM a\nLIMIT 10', 10),
  ],
  [
    'SELECT a FROM t ORDER BY a -- LIMIT 3',
    10,
    dropdown('SELECT a FROM t ORDER BY a -- LIMIT 3\nLIMIT 10', 10),
  ],
  [
    'SELECT a FROM t ORDER BY a DESC;',
    10,
    dropdown('SELECT a FROM t ORDER BY a DESC\nLIMIT 10', 10),
  ],
  ['SELECT 1; -- done', 10, dropdown('SELECT 1\nLIMIT 10', 10)],
  ['-- first\nSELECT 1 /* last */', 10, dropdown('-- first\nSELECT 1 /* last */\nLIMIT 10', 10)],
  ['SELECT 1 # LIMIT 3', 10, dropdown('SELECT 1 # LIMIT 3\nLIMIT 10', 10), ['mysql']],
  ['SELECT 1 UNION ALL SELECT 2', 10, dropdown('SELECT 1 UNION ALL SELECT 2\nLIMIT 10', 10)],
  [
    '(SELECT 1 LIMIT 5) UNION ALL (SELECT 2)',
    10,
    dropdown('(SELECT 1 LIMIT 5) UNION ALL (SELECT 2)\nLIMIT 10', 10),
    ['postgresql', 'mysql', 'duckdb'],
  ],
  ['VALUES (1), (2)', 10, dropdown('VALUES (1), (2)\nLIMIT 10', 10), ['postgresql', 'duckdb']],
  ['TABLE t', 10, dropdown('TABLE t\nLIMIT 10', 10), ['postgresql', 'mysql', 'duckdb']],
  ['FROM t', 10, dropdown('FROM t\nLIMIT 10', 10), ['duckdb']],
  ['FROM t SELECT a', 10, dropdown('FROM t SELECT a\nLIMIT 10', 10), ['duckdb']],
  [
    'PIVOT t ON b USING sum(a)',
    10,
    dropdown('PIVOT t ON b USING sum(a)\nLIMIT 10', 10),
    ['duckdb'],
  ],
  [
    'SELECT a FROM t QUALIFY row_number() OVER (PARTITION BY b) = 1',
    10,
    dropdown('SELECT a FROM t QUALIFY row_number() OVER (PARTITION BY b) = 1\nLIMIT 10', 10),
    ['duckdb'],
  ],
  [
    'SELECT * FROM t OFFSET 5',
    10,
    dropdown('SELECT * FROM t OFFSET 5\nLIMIT 10', 10),
    ['postgresql', 'duckdb'],
  ],
  // A locking clause must come after LIMIT (MySQL).
  [
    'SELECT * FROM t FOR UPDATE',
    10,
    dropdown('SELECT * FROM t LIMIT 10\nFOR UPDATE', 10),
    ['postgresql', 'mysql'],
  ],
  [
    'SELECT * FROM t LOCK IN SHARE MODE',
    10,
    dropdown('SELECT * FROM t LIMIT 10\nLOCK IN SHARE MODE', 10),
    ['mysql'],
  ],
  // One parenthesised query: limited inside (DuckDB refuses `(SELECT …) LIMIT n`).
  [
    '(SELECT a FROM t LIMIT 50)',
    10,
    dropdown('(SELECT a FROM t LIMIT 10)', 10),
    ['postgresql', 'mysql', 'duckdb'],
  ],
  [
    '((SELECT a FROM t));',
    10,
    dropdown('((SELECT a FROM t\nLIMIT 10))', 10),
    ['postgresql', 'mysql', 'duckdb'],
  ],

  // Limits that are not a plain number, and SQLite's bare VALUES: wrapped.
  ['SELECT * FROM t LIMIT 10 + 5', 10, wrapped('SELECT * FROM t LIMIT 10 + 5', 10)],
  ['SELECT * FROM t LIMIT (SELECT 3)', 10, wrapped('SELECT * FROM t LIMIT (SELECT 3)', 10)],
  ['SELECT * FROM t LIMIT $1', 10, wrapped('SELECT * FROM t LIMIT $1', 10), ['postgresql']],
  ['SELECT * FROM t LIMIT 10%', 5, wrapped('SELECT * FROM t LIMIT 10%', 5), ['duckdb']],
  ['SELECT * FROM t LIMIT -1', 5, wrapped('SELECT * FROM t LIMIT -1', 5), ['sqlite']],
  [
    'SELECT * FROM t LIMIT 5, 10',
    3,
    wrapped('SELECT * FROM t LIMIT 5, 10', 3),
    ['postgresql', 'duckdb'],
  ],
  [
    'SELECT * FROM t ORDER BY a FETCH FIRST 3 ROWS WITH TIES',
    10,
    wrapped('SELECT * FROM t ORDER BY a FETCH FIRST 3 ROWS WITH TIES', 10),
    ['postgresql'],
  ],
  ['VALUES (1), (2);', 10, wrapped('VALUES (1), (2)', 10), ['sqlite']],

  // Not limited: statements that cannot be subqueries, other kinds, several statements.
  ['SHOW TABLES', 10, notLimited('SHOW TABLES'), ['mysql', 'duckdb']],
  ['SHOW TABLES;', 10, notLimited('SHOW TABLES'), ['mysql', 'duckdb']],
  ['DESCRIBE t', 10, notLimited('DESCRIBE t'), ['mysql', 'duckdb']],
  ['EXPLAIN SELECT * FROM t', 10, notLimited('EXPLAIN SELECT * FROM t')],
  ['PRAGMA table_info(t)', 10, notLimited('PRAGMA table_info(t)'), ['sqlite', 'duckdb']],
  ['SUMMARIZE t', 10, notLimited('SUMMARIZE t'), ['duckdb']],
  ['DELETE FROM t', 10, notLimited('DELETE FROM t')],
  [
    'WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d',
    10,
    notLimited('WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d'),
  ],
  ['SELECT 1; SELECT 2', 10, notLimited('SELECT 1; SELECT 2')],
  ['-- nothing', 10, notLimited('-- nothing')],
  ["SELECT 'open", 10, notLimited("SELECT 'open")],
  ['SELECT (1', 10, notLimited('SELECT (1')],
];

describe('applyLimit', () => {
  for (const [sql, limit, expected, engines] of CASES) {
    for (const engine of engines ?? ENGINES) {
      it(`${engine}: ${JSON.stringify(sql)} with ${limit}`, () => {
        expect(applyLimit(sql, limit, engine)).toEqual(expected);
      });
    }
  }

  it('refuses a limit that is not a non-negative integer', () => {
    expect(() => applyLimit('SELECT 1', -1, 'sqlite')).toThrow(RangeError);
    expect(() => applyLimit('SELECT 1', 1.5, 'sqlite')).toThrow(RangeError);
    expect(() => applyLimit('SELECT 1', Number.NaN, 'sqlite')).toThrow(RangeError);
  });

  it('handles deep parentheses', () => {
    const sql = `${'('.repeat(20_000)}SELECT 1${')'.repeat(20_000)}`;
    const result = applyLimit(sql, 5, 'postgresql');
    expect(result.sql).toBe(`${'('.repeat(20_000)}SELECT 1\nLIMIT 5${')'.repeat(20_000)}`);
  });

  it('handles a 1 MB SELECT quickly', () => {
    const columns = Array.from({ length: 45_000 }, (_, i) => `c${i} + 1 AS "x${i}"`).join(', ');
    const sql = `SELECT ${columns} FROM t LIMIT 5000`;
    expect(sql.length).toBeGreaterThan(1_000_000);
    const started = performance.now();
    const result = applyLimit(sql, 100, 'postgresql');
    // Far above the usual time: catches super-linear work, not a busy machine.
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(result.sql.endsWith('FROM t LIMIT 100')).toBe(true);
  });
});

/** Statements run after limiting, with the rows expected from a table t(a, b) of a = 1…20. */
const RUNS: [string, number, number[]][] = [
  ['SELECT a FROM t LIMIT 1000000', 3, [1, 2, 3]],
  ['SELECT a FROM t ORDER BY a', 3, [1, 2, 3]],
  ['SELECT a FROM t ORDER BY a DESC', 3, [20, 19, 18]],
  ['SELECT a FROM t ORDER BY a DESC -- LIMIT 1', 2, [20, 19]],
  ['SELECT a FROM (SELECT a FROM t ORDER BY a LIMIT 5) s ORDER BY a DESC', 3, [5, 4, 3]],
  ['WITH x AS (SELECT a FROM t ORDER BY a LIMIT 2) SELECT a FROM x ORDER BY a', 10, [1, 2]],
  ['SELECT a FROM t ORDER BY a LIMIT 4 OFFSET 5;', 2, [6, 7]],
  ['SELECT a FROM t ORDER BY a LIMIT 2 OFFSET 5', 10, [6, 7]],
  ["SELECT a FROM t WHERE 'LIMIT 1' <> '' ORDER BY a /* LIMIT 1 */", 2, [1, 2]],
  [
    'SELECT a FROM t WHERE a < 3 UNION ALL SELECT a FROM t WHERE a > 18 ORDER BY 1 DESC',
    3,
    [20, 19, 2],
  ],
  ['SELECT a FROM t ORDER BY a LIMIT 10 + 5', 2, [1, 2]],
  ['VALUES (1), (2), (3)', 2, [1, 2]],
];

describe('applyLimit output runs', () => {
  describe('on SQLite', () => {
    const db = new Database(':memory:');
    beforeAll(() => {
      db.exec('CREATE TABLE t (a INTEGER, b INTEGER)');
      const insert = db.prepare('INSERT INTO t VALUES (?, ?)');
      for (let a = 1; a <= 20; a += 1) insert.run(a, a % 3);
    });
    afterAll(() => db.close());

    const sqliteRuns: [string, number, number[]][] = [
      ...RUNS,
      ['SELECT a FROM t ORDER BY a LIMIT 5, 10', 3, [6, 7, 8]],
      ['SELECT a FROM t ORDER BY a LIMIT -1', 2, [1, 2]],
      ['SELECT [a] FROM [t] ORDER BY [a] DESC', 1, [20]],
    ];
    for (const [sql, limit, rows] of sqliteRuns) {
      it(`${JSON.stringify(sql)} with ${limit}`, () => {
        const limited = applyLimit(sql, limit, 'sqlite').sql;
        const result = db.prepare(limited).raw().all() as unknown[][];
        expect(result.map((r) => Number(r[0]))).toEqual(rows);
      });
    }
  });

  describe('on DuckDB', () => {
    let instance: DuckDBInstance;
    beforeAll(async () => {
      instance = await DuckDBInstance.create(':memory:');
      const connection = await instance.connect();
      await connection.run(
        'CREATE TABLE t AS SELECT range::INTEGER AS a, (range % 3)::INTEGER AS b FROM range(1, 21)',
      );
      connection.closeSync();
    });
    afterAll(() => instance.closeSync());

    const duckRuns: [string, number, number[]][] = [
      ...RUNS,
      ['(SELECT a FROM t ORDER BY a DESC)', 2, [20, 19]],
      ['FROM t SELECT a ORDER BY a DESC', 2, [20, 19]],
      ['SELECT a FROM t ORDER BY a OFFSET 5', 2, [6, 7]],
      ['SELECT a FROM t ORDER BY a FETCH FIRST 5 ROWS ONLY', 2, [1, 2]],
      ['SELECT a FROM t ORDER BY a LIMIT 50%', 2, [1, 2]],
      ['SELECT [a, 1][1] AS a FROM t ORDER BY a', 1, [1]],
      [
        'SELECT a FROM t QUALIFY row_number() OVER (PARTITION BY b ORDER BY a) = 1 ORDER BY a',
        2,
        [1, 2],
      ],
    ];
    for (const [sql, limit, rows] of duckRuns) {
      it(`${JSON.stringify(sql)} with ${limit}`, async () => {
        const limited = applyLimit(sql, limit, 'duckdb').sql;
        const connection = await instance.connect();
        try {
          const reader = await connection.runAndReadAll(limited);
          expect(reader.getRows().map((r) => Number(r[0]))).toEqual(rows);
        } finally {
          connection.closeSync();
        }
      });
    }
  });
});
