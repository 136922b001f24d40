import { describe, expect, it } from 'vitest';
import { EXAMPLE_TABLES } from '../../examples/catalogue.js';
import { requestPolicy } from './context.js';
import {
  callAt,
  checkFragment,
  fragmentProblem,
  STRUCTURAL_ONLY,
  unquoteName,
} from './fragment.js';
import { tokenize } from '../../sql/guard-lex.js';
import { DIALECTS } from './test-dialects.js';

type EngineName = keyof typeof DIALECTS;
const ENGINES = Object.keys(DIALECTS) as EngineName[];
/** What a non-admin's fragment is held to on each engine. */
const strict = (engine: EngineName) => requestPolicy(DIALECTS[engine]);
const loose = STRUCTURAL_ONLY;

describe('fragmentProblem', () => {
  it('passes every metric and computed column of the example datasets, under the allow list too', () => {
    for (const table of EXAMPLE_TABLES) {
      const expressions = [
        ...table.dataset.metrics.map((m) => [m.metric_name, m.expression] as const),
        ...table.dataset.computed_columns.map((c) => [c.column_name, c.expression] as const),
      ];
      for (const [name, sql] of expressions) {
        expect(fragmentProblem(sql, 'duckdb', loose), `${table.table_name}.${name}`).toBeNull();
        expect(
          fragmentProblem(sql, 'duckdb', strict('duckdb')),
          `${table.table_name}.${name}`,
        ).toBeNull();
      }
    }
  });

  it('reads quotes and comments as each engine does', () => {
    // MySQL: a backslash escapes the quote, so the semicolon is inside the string…
    expect(fragmentProblem("name = 'it\\'s; fine'", 'mysql', loose)).toBeNull();
    // …while elsewhere the string ends at the backslash-quote and the rest is code.
    expect(fragmentProblem("name = 'it\\'s; fine'", 'postgresql', loose)).not.toBeNull();
    expect(fragmentProblem('num # comment', 'mysql', loose)).toMatch(/comments/);
    expect(fragmentProblem('num --1', 'mysql', loose)).not.toBeNull();
    expect(fragmentProblem('$$a;b$$ = name', 'postgresql', loose)).toBeNull();
    expect(fragmentProblem("E'\\'; DROP TABLE x' = name", 'postgresql', loose)).not.toBeNull();
    expect(fragmentProblem('/*! DROP TABLE x */ 1', 'mysql', loose)).not.toBeNull();
    expect(fragmentProblem('[select] + 1', 'sqlite', loose)).toBeNull();
  });

  it('allows FROM only inside EXTRACT, SUBSTRING, TRIM, OVERLAY, POSITION and IS DISTINCT FROM', () => {
    expect(fragmentProblem('EXTRACT(YEAR FROM ds)', 'postgresql', loose)).toBeNull();
    expect(fragmentProblem('SUBSTRING(name FROM 2 FOR 3)', 'postgresql', loose)).toBeNull();
    expect(fragmentProblem('a IS NOT DISTINCT FROM b', 'postgresql', loose)).toBeNull();
    expect(fragmentProblem('COALESCE(x FROM t)', 'postgresql', loose)).toMatch(/sub-queries/);
    expect(fragmentProblem('x FROM t', 'duckdb', loose)).toMatch(/sub-queries/);
    expect(fragmentProblem('DISTINCT FROM t', 'duckdb', loose)).toMatch(/sub-queries/);
    expect(fragmentProblem('(SHOW TABLES)', 'duckdb', loose)).not.toBeNull();
  });

  it('names what it refuses', () => {
    expect(() => checkFragment('1; DROP TABLE t', 'duckdb', 'The WHERE clause', loose)).toThrow(
      'The WHERE clause cannot contain a statement separator (;): 1; DROP TABLE t',
    );
    expect(() => checkFragment('  ', 'duckdb', 'The WHERE clause', loose)).toThrow(
      'The WHERE clause is empty',
    );
    expect(() => checkFragment('x'.repeat(20_001), 'duckdb', 'It', loose)).toThrow(
      'It is too long',
    );
    expect(() =>
      checkFragment('(\u200bSELECT 1)', 'duckdb', 'The custom SQL of metric "m"', loose),
    ).toThrow(
      'The custom SQL of metric "m" cannot contain the character U+200B outside quotes (quote names and text that hold it): (<U+200B>SELECT 1)',
    );
  });
});

describe('invisible and Unicode space characters (issue 16, point 1)', () => {
  // Unicode spaces (Zs) and format characters (Cf), some read as whitespace by DuckDB.
  // prettier-ignore
  const CHARACTERS = [
    '\u200b', '\u2060', '\ufeff', '\u00a0', '\u3000', '\u180e', '\u2000', '\u2007', '\u200a',
    '\u202f', '\u205f', '\u1680', '\u2028', '\u2029', '\u00ad', '\u061c', '\u200c', '\u200d',
    '\u200e', '\u200f', '\u202a', '\u202e', '\u2061', '\u2064', '\u2066', '\ufff9', '\u0085',
  ];

  it.each(CHARACTERS.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, c]))(
    'refuses %s outside quotes on every engine, for everyone',
    (_name, c) => {
      for (const sql of [
        `(${c}SELECT count(*) ${c}FROM flights)`,
        `num + ${c}1`,
        `${c}pg_read_file('/etc/passwd')`,
        `COUNT(*)${c}`,
      ])
        for (const engine of ENGINES) {
          expect(fragmentProblem(sql, engine, loose), `${engine}: ${sql}`).toMatch(
            /cannot contain the character U\+[0-9A-F]{4} outside quotes/,
          );
          expect(fragmentProblem(sql, engine, strict(engine)), `${engine}: ${sql}`).not.toBeNull();
        }
    },
  );

  it('keeps text and quoted names outside ASCII working', () => {
    for (const engine of ENGINES) {
      const q = (name: string) => DIALECTS[engine].quoteIdentifier(name);
      for (const sql of [
        "city = 'Zürich'",
        `${q('Città')} > 1`,
        `SUM(${q('Città')})`,
        "name = 'a\u200bb\u00a0c\ufeff'",
        `UPPER(${q('na\u200bme')}) = 'ÉTÉ'`,
      ]) {
        expect(fragmentProblem(sql, engine, loose), `${engine}: ${sql}`).toBeNull();
        expect(fragmentProblem(sql, engine, strict(engine)), `${engine}: ${sql}`).toBeNull();
      }
    }
  });

  it('reads DuckDB whitespace as whitespace when tokenizing', () => {
    const words = tokenize('(\u200bSELECT\u2060x\ufeffFROM\u3000t)', 'duckdb')
      .filter((t) => t.kind === 'word')
      .map((t) => t.upper);
    expect(words).toEqual(['SELECT', 'X', 'FROM', 'T']);
  });
});

describe('function calls: quoted, qualified, and the allow list (issue 16, point 1)', () => {
  // Functions that read files, other tables or settings, write, sleep: refused for everyone.
  // prettier-ignore
  const FORBIDDEN: Array<[EngineName, string]> = [
    ['postgresql', "query_to_xml('select * from pg_user', true, true, '')"],
    ['postgresql', "lo_from_bytea(0, 'x')"],
    ['postgresql', "setval('s', 1)"],
    ['postgresql', "nextval('s')"],
    ['postgresql', "current_setting('data_directory')"],
    ['postgresql', "\"pg_read_file\"('/etc/passwd')"],
    ['postgresql', "pg_catalog.pg_read_file('/etc/passwd')"],
    ['postgresql', "PG_CATALOG.\"PG_READ_FILE\"('/etc/passwd')"],
    ['postgresql', "pg_catalog . pg_read_file ('/etc/passwd')"],
    ['postgresql', "\"pg_catalog\".\"query_to_xml\"('select 1', true, true, '')"],
    ['mysql', "`load_file`('/etc/passwd')"],
    ['mysql', '`sleep`(5)'],
    ['mysql', 'sleep (5)'],
    ['mysql', "mysql.`load_file`('/etc/passwd')"],
    ['mysql', '`BENCHMARK`(1000000, md5(1))'],
    ['duckdb', "read_csv('/etc/passwd')"],
    ['duckdb', "main.read_csv('/etc/passwd')"],
    ['duckdb', "system.main.\"read_csv\"('/etc/passwd')"],
    ['duckdb', "glob('/etc/*')"],
    ['duckdb', "\"getvariable\"('x')"],
    ['sqlite', "[load_extension]('x')"],
    ['sqlite', "`load_extension`('x')"],
    ['sqlite', "\"load_extension\"('x')"],
  ];

  it.each(FORBIDDEN)('%s refuses %s, for admins too', (engine, sql) => {
    expect(fragmentProblem(sql, engine, loose)).toMatch(/^cannot call /);
    expect(fragmentProblem(sql, engine, strict(engine))).toMatch(/^cannot call /);
  });

  // Not forbidden, but not on the allow list (or qualified): refused for non-admins only.
  // prettier-ignore
  const NOT_ALLOWED: Array<[EngineName, string, RegExp]> = [
    ['postgresql', 'my_fn(1)', /cannot call my_fn: my_fn is not an allowed function/],
    ['postgresql', "table_to_xml('t', true, true, '')", /cannot call/],
    ['postgresql', "pg_catalog.upper('x')", /qualified function names are not allowed/],
    ['postgresql', "information_schema._pg_truetypid(1, 2)", /qualified/],
    ['postgresql', "\"upper\"('x') || version()", /version is not an allowed function/],
    ['postgresql', "ts_stat('select 1')", /cannot call/],
    ['postgresql', 'generate_series(1, 1000000)', /not an allowed function/],
    ['postgresql', "repeat('x', 400000000)", /not an allowed function/],
    ['mysql', 'database()', /not an allowed function/],
    ['mysql', '@@datadir', /cannot read variables/],
    ['mysql', '@x := 1', /cannot read variables/],
    ['mysql', 'sys.version_major()', /qualified/],
    ['duckdb', "'x'.upper()", /qualified/],
    ['duckdb', 'unnest(range(80))', /not an allowed function/],
    ['duckdb', 'sleep_ms(1000)', /cannot call/],
    ['duckdb', "getenv('HOME')", /cannot call/],
    ['duckdb', "\"current_setting\"('threads')", /cannot call/],
    ['duckdb', 'DECIMAL(num)', /not an allowed function/],
    ['sqlite', 'randomblob(1000000000)', /not an allowed function/],
    ['sqlite', 'main.abs(1)', /qualified/],
  ];

  it.each(NOT_ALLOWED)('%s refuses %s for non-admins', (engine, sql, message) => {
    expect(fragmentProblem(sql, engine, strict(engine))).toMatch(message);
  });

  it('lets admins call functions outside the allow list, qualified or not', () => {
    expect(fragmentProblem('my_fn(1)', 'postgresql', loose)).toBeNull();
    expect(fragmentProblem("pg_catalog.upper('x')", 'postgresql', loose)).toBeNull();
    expect(fragmentProblem('@@version', 'mysql', loose)).toBeNull();
  });

  it('refuses Unicode-escaped names and numbers glued to names', () => {
    for (const engine of ENGINES) {
      expect(fragmentProblem('U&"pg\\005fread\\005ffile"(\'x\')', engine, loose)).toMatch(
        /Unicode escapes/,
      );
      expect(fragmentProblem("1.read_csv('x')", engine, loose)).toMatch(
        /cannot contain 1.read_csv/,
      );
    }
  });

  it('keeps keywords and types that take parentheses working under the allow list', () => {
    const common = [
      'CAST(num AS DECIMAL(10, 2))',
      "CASE WHEN name = 'a' THEN 1 ELSE 0 END",
      'CASE (num) WHEN 1 THEN 2 END',
      'num IN (1, 2, 3)',
      'num NOT IN (1, 2)',
      'NOT (num = 1) AND (num > 0 OR num < -1)',
      'EXTRACT(YEAR FROM ds)',
      'COALESCE(num, 0) + NULLIF(num, 0)',
      'SUM(num) OVER (PARTITION BY name ORDER BY ds)',
      'ROW_NUMBER() OVER (ORDER BY num DESC)',
      'num BETWEEN (1) AND (3)',
      "name LIKE ('a%')",
      'a IS DISTINCT FROM b',
      'ROUND(AVG(num), 2)',
      'COUNT(DISTINCT name)',
      '1.5e3 + 0.5 + .5 + 10',
    ];
    const byEngine: Record<EngineName, string[]> = {
      duckdb: [
        "num::DECIMAL(18, 3) + INTERVAL '1 day'",
        "ds + INTERVAL (3) DAY > DATE '2024-01-01'",
        'COUNT(*) FILTER (WHERE num > 1)',
        "name ILIKE ('a%')",
        'TRY_CAST(name AS VARCHAR(10))',
        "date_trunc('month', ds)",
      ],
      postgresql: [
        "num::numeric(10, 2) + 1 > 0 AND ds > DATE '2024-01-01'",
        "ds AT TIME ZONE ('UTC')",
        'COUNT(*) FILTER (WHERE num > 1)',
        'PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY num)',
        'num = ANY(ARRAY[1, 2])',
        "ds + INTERVAL '1 day'",
      ],
      mysql: [
        'CONVERT(num, CHAR(10))',
        'DATE_ADD(ds, INTERVAL 1 DAY) > ds - INTERVAL (2) DAY',
        'num DIV (2) + num MOD (3)',
        "IF(num > 1, 'a', 'b')",
        'CAST(num AS CHAR(5))',
      ],
      sqlite: ["name GLOB ('a*')", "IIF(num > 1, 'a', 'b')", "strftime('%Y', ds)"],
    };
    for (const engine of ENGINES)
      for (const sql of [...common, ...byEngine[engine]])
        expect(fragmentProblem(sql, engine, strict(engine)), `${engine}: ${sql}`).toBeNull();
  });

  it('finds the name of a call as the engine reads it', () => {
    const call = (sql: string, engine: EngineName) => {
      const tokens = tokenize(sql, engine);
      return callAt(
        tokens,
        tokens.findIndex((t) => t.text === '('),
      );
    };
    expect(call('"a""b"(1)', 'postgresql')).toEqual({
      name: 'A"B',
      written: 'a"b',
      qualified: false,
    });
    expect(call('s.`f`(1)', 'mysql')).toEqual({ name: 'F', written: 's.f', qualified: true });
    expect(call('x IN (1)', 'duckdb')).toBeNull();
    expect(call('glob(1)', 'duckdb')).toEqual({ name: 'GLOB', written: 'glob', qualified: false });
    expect(call('x GLOB (1)', 'sqlite')).toBeNull();
    expect(unquoteName('`a``b`')).toBe('a`b');
    expect(unquoteName('[a]')).toBe('a');
  });
});
