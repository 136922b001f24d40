import { describe, expect, it } from 'vitest';
import { astKind } from './guard-classify.js';
import { ENGINES, type Engine } from './guard-lex.js';
import {
  classifyStatement,
  DML_NOT_ALLOWED_MESSAGE,
  guardStatements,
  type StatementKind,
} from './guard.js';

const PARSED: Engine[] = ['postgresql', 'mysql', 'sqlite'];

/** [sql, expected kind, engines (all when left out)] */
type Case = [string, StatementKind, Engine[]?];

const SELECTS: Case[] = [
  ['SELECT 1'],
  ['SeLeCt 1'],
  ['select a, b from t where c = 1 order by a'],
  ["SELECT 'a;b'"],
  ['SELECT 1 UNION SELECT 2'],
  ['(SELECT 1)', ['postgresql', 'mysql', 'duckdb']],
  ['  ((SELECT 1)) UNION (SELECT 2)', ['postgresql', 'mysql', 'duckdb']],
  ['WITH a AS (SELECT 1) SELECT * FROM a'],
  ['WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT * FROM r'],
  ['WITH a AS (SELECT 1), b AS MATERIALIZED (SELECT 2) SELECT * FROM a, b', ['postgresql']],
  ['WITH a AS (SELECT 1) (SELECT * FROM a)', ['postgresql', 'duckdb']],
  ['SELECT * FROM t FOR UPDATE', ['postgresql', 'mysql']],
  ['SELECT * FROM t FOR NO KEY UPDATE OF t SKIP LOCKED', ['postgresql']],
  ['VALUES (1), (2)', ['postgresql', 'sqlite', 'duckdb']],
  ['VALUES ROW(1), ROW(2)', ['mysql']],
  ['TABLE t', ['postgresql', 'mysql', 'duckdb']],
  ['SHOW TABLES', ['mysql', 'duckdb']],
  ['SHOW search_path', ['postgresql']],
  ['DESCRIBE t', ['mysql', 'duckdb']],
  ['DESC t', ['mysql']],
  ['EXPLAIN SELECT 1'],
  ['EXPLAIN ANALYZE SELECT * FROM t', ['postgresql', 'mysql', 'duckdb']],
  ['EXPLAIN (ANALYZE, FORMAT JSON) SELECT * FROM t', ['postgresql']],
  ['EXPLAIN FORMAT=JSON SELECT * FROM t', ['mysql']],
  ['EXPLAIN QUERY PLAN SELECT * FROM t', ['sqlite']],
  ['EXPLAIN t', ['mysql']],
  ['DESCRIBE SELECT 1', ['duckdb']],
  ["SELECT E'a\\\\b'", ['postgresql', 'duckdb']],
  ["SELECT 'it\\'s'", ['mysql']],
  ['SELECT * EXCLUDE (a) FROM t', ['duckdb']],
  ['SELECT * REPLACE (a + 1 AS a) FROM t', ['duckdb']],
  ['SELECT a FROM t QUALIFY row_number() OVER (PARTITION BY b) = 1', ['duckdb']],
  ['FROM t SELECT a', ['duckdb']],
  ['FROM t', ['duckdb']],
  ['PIVOT t ON b USING sum(a)', ['duckdb']],
  ['UNPIVOT t ON a, b INTO NAME k VALUE v', ['duckdb']],
  ['SUMMARIZE t', ['duckdb']],
  ["SELECT ['a;b', 'c'] AS l", ['duckdb']],
  ['SELECT #1 FROM t', ['duckdb']],
  ["PRAGMA table_info('t')", ['duckdb']],
  ['PRAGMA table_info(t)', ['sqlite']],
  ['PRAGMA main.index_list(t)', ['sqlite']],
  ['SELECT [a;b] FROM t', ['sqlite']],
  ['SELECT `a;b` FROM t', ['mysql', 'sqlite']],
  ["SELECT INSERT('abc', 1, 1, 'x'), REPLACE('a', 'a', 'b')", ['mysql']],
  ["SELECT pg_read_file('/etc/passwd')", ['postgresql']],
].map(([sql, engines]) => [sql as string, 'select', engines as Engine[] | undefined]);

const OTHERS: Case[] = [
  ['INSERT INTO t VALUES (1)', 'dml'],
  ['UPDATE t SET a = 1', 'dml'],
  ['DELETE FROM t', 'dml'],
  ['MERGE INTO t USING s ON t.a = s.a WHEN MATCHED THEN DELETE', 'dml', ['postgresql', 'duckdb']],
  ['REPLACE INTO t VALUES (1)', 'dml', ['mysql', 'sqlite']],
  ['INSERT OR REPLACE INTO t VALUES (1)', 'dml', ['sqlite', 'duckdb']],
  ['UPSERT INTO t VALUES (1)', 'dml'],
  ["COPY t TO '/tmp/x'", 'dml', ['postgresql', 'duckdb']],
  ['CALL p()', 'dml', ['postgresql', 'mysql', 'duckdb']],
  ['EXEC p', 'dml'],
  ['DO $$ BEGIN DELETE FROM t; END $$', 'dml', ['postgresql']],
  [
    'WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d',
    'dml',
    ['postgresql', 'sqlite', 'duckdb'],
  ],
  [
    'WITH a AS (SELECT 1), b AS (UPDATE t SET a = 1 RETURNING a) SELECT * FROM a',
    'dml',
    ['postgresql'],
  ],
  ['WITH a AS (SELECT 1) DELETE FROM t', 'dml'],
  ['WITH a AS (SELECT 1) INSERT INTO t SELECT * FROM a', 'dml'],
  ['WITH a AS (WITH b AS (SELECT 1) DELETE FROM t RETURNING 1) SELECT 1', 'dml', ['postgresql']],
  ['SELECT * INTO n FROM t', 'dml', ['postgresql', 'duckdb']],
  ["select * from t into outfile '/tmp/x'", 'dml', ['mysql']],
  ['SELECT 1 INTO @x', 'dml', ['mysql']],
  ['EXPLAIN ANALYZE DELETE FROM t', 'dml', ['postgresql', 'mysql', 'duckdb']],
  ['EXPLAIN (ANALYZE) UPDATE t SET a = 1', 'dml', ['postgresql']],
  ['REFRESH MATERIALIZED VIEW v', 'dml', ['postgresql']],
  ['VACUUM', 'dml'],
  ['CREATE TABLE x (a int)', 'ddl'],
  ['create view v as select 1', 'ddl'],
  ['ALTER TABLE t ADD COLUMN b int', 'ddl'],
  ['DROP TABLE x', 'ddl'],
  ['TRUNCATE t', 'ddl', ['postgresql', 'mysql', 'duckdb']],
  ['RENAME TABLE a TO b', 'ddl', ['mysql']],
  ["COMMENT ON TABLE t IS 'x'", 'ddl', ['postgresql', 'duckdb']],
  ['GRANT SELECT ON t TO x', 'ddl', ['postgresql', 'mysql']],
  ['REVOKE SELECT ON t FROM x', 'ddl', ['postgresql', 'mysql']],
  ["SET PASSWORD = 'x'", 'ddl', ['mysql']],
  ['SET search_path = a', 'session', ['postgresql']],
  ['SET ROLE admin', 'session', ['postgresql', 'mysql']],
  ['SET SESSION AUTHORIZATION admin', 'session', ['postgresql']],
  ['RESET ROLE', 'session', ['postgresql']],
  ['USE db', 'session', ['mysql', 'duckdb']],
  ['BEGIN', 'session'],
  ['START TRANSACTION', 'session', ['postgresql', 'mysql']],
  ['COMMIT', 'session'],
  ['ROLLBACK', 'session'],
  ['SAVEPOINT s', 'session'],
  ['DISCARD ALL', 'session', ['postgresql']],
  ['LOCK TABLE t', 'session', ['postgresql']],
  ['LISTEN c', 'session', ['postgresql']],
  ["ATTACH '/tmp/x.db' AS y", 'session', ['sqlite', 'duckdb']],
  ["ATTACH DATABASE '/tmp/x.db' AS y", 'session', ['sqlite']],
  ['DETACH y', 'session', ['sqlite', 'duckdb']],
  ['LOAD httpfs', 'session', ['duckdb']],
  ["LOAD DATA INFILE '/x' INTO TABLE t", 'session', ['mysql']],
  ['INSTALL httpfs', 'session', ['duckdb']],
  ['FORCE INSTALL httpfs', 'session', ['duckdb']],
  ['PRAGMA writable_schema = 1', 'session', ['sqlite']],
  ['PRAGMA user_version', 'session', ['sqlite']],
  ['PRAGMA threads = 4', 'session', ['duckdb']],
  ['PRAGMA table_info(t)', 'unknown', ['postgresql', 'mysql']],
  ['FOO BAR', 'unknown'],
  ['', 'unknown'],
  ['-- only a comment', 'unknown'],
  ['KILL 5', 'unknown', ['mysql']],
];

describe('classifyStatement', () => {
  for (const [sql, kind, engines] of [...SELECTS, ...OTHERS]) {
    for (const engine of engines ?? ENGINES) {
      it(`${engine}: ${JSON.stringify(sql)} is ${kind}`, () => {
        expect(classifyStatement(sql, engine)).toBe(kind);
      });
    }
  }

  it('gives several statements the strictest kind', () => {
    expect(classifyStatement('SELECT 1; SELECT 2;', 'postgresql')).toBe('select');
    expect(classifyStatement('SELECT 1; SET a = 1; DELETE FROM t', 'postgresql')).toBe('dml');
    expect(classifyStatement('SELECT 1; DROP TABLE t', 'duckdb')).toBe('ddl');
  });

  it('uses the parser as a second opinion, the stricter one winning', () => {
    // The parser alone sees the INTO of a SELECT as a select node with an INTO target.
    expect(astKind('SELECT * INTO n FROM t', 'postgresql')).toBe('dml');
    expect(astKind("select * from t into outfile '/x'", 'mysql')).toBe('dml');
    expect(astKind('SHOW TABLES', 'mysql')).toBe('select');
    expect(astKind('GRANT SELECT ON t TO x', 'postgresql')).toBe('ddl');
    // It fails on much valid SQL: the keyword classifier decides then.
    expect(astKind('VALUES (1)', 'postgresql')).toBeNull();
    expect(
      astKind('WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d', 'postgresql'),
    ).toBeNull();
    expect(astKind('SELECT 1; SELECT 2', 'postgresql')).toBeNull();
  });
});

describe('guardStatements on a database without DML', () => {
  const readOnly = { allowDml: false };
  const refused = (statementIndex: number, message = DML_NOT_ALLOWED_MESSAGE) => ({
    ok: false,
    message,
    statementIndex,
  });

  const tricks: [string, number, Engine[]?][] = [
    ['SELECT 1; DROP TABLE x', 1],
    ['SELECT 1 /* ; */; DELETE FROM t', 1],
    ['-- comment\nDELETE FROM t', 0],
    ['/* x */ DELETE FROM t', 0],
    ['/* a /* nested ; */ b */ DELETE FROM t', 0, ['postgresql', 'duckdb']],
    ['WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d', 0],
    ['  (SELECT 1); UPDATE t SET a=1', 1],
    ['EXPLAIN ANALYZE DELETE FROM t', 0],
    ["select * from t into outfile '/tmp/x'", 0, ['mysql']],
    ["COPY t TO '/tmp/x'", 0],
    ["ATTACH '/tmp/x.db' AS y", 0],
    ['PRAGMA writable_schema = 1', 0, ['sqlite']],
    ['INSTALL httpfs', 0, ['duckdb']],
    ['# comment\nDELETE FROM t', 0],
    ['SELECT \'a\'; SELECT "b"; SET search_path = x', 2, ['postgresql']],
    ['SELECT 1;\nSELECT 2;\nBEGIN', 2],
    ['SET ROLE admin', 0, ['postgresql']],
    ['LOAD httpfs', 0, ['duckdb']],
    ['FOO', 0],
  ];
  for (const [sql, index, engines] of tricks) {
    for (const engine of engines ?? ENGINES) {
      it(`${engine}: refuses ${JSON.stringify(sql)}`, () => {
        expect(guardStatements(sql, engine, readOnly)).toEqual(refused(index));
      });
    }
  }

  it('lets selects through, split and without semicolons', () => {
    for (const engine of ENGINES) {
      expect(guardStatements("SELECT 'a;b'", engine, readOnly)).toEqual({
        ok: true,
        statements: ["SELECT 'a;b'"],
      });
      expect(guardStatements('SeLeCt 1;', engine, readOnly)).toEqual({
        ok: true,
        statements: ['SeLeCt 1'],
      });
      expect(guardStatements('SELECT 1; -- two\nSELECT 2; -- end', engine, readOnly)).toEqual({
        ok: true,
        statements: ['SELECT 1', '-- two\nSELECT 2'],
      });
      expect(guardStatements('  -- nothing\n', engine, readOnly)).toEqual({
        ok: true,
        statements: [],
      });
    }
    expect(guardStatements('SELECT 1 # x; y\n;SELECT 2', 'mysql', readOnly)).toEqual({
      ok: true,
      statements: ['SELECT 1 # x; y', 'SELECT 2'],
    });
  });

  it('cannot see what a function in a SELECT does (database permissions are the defence)', () => {
    expect(guardStatements("SELECT pg_read_file('/etc/passwd')", 'postgresql', readOnly)).toEqual({
      ok: true,
      statements: ["SELECT pg_read_file('/etc/passwd')"],
    });
  });

  describe('classifies a 1 MB SELECT quickly', () => {
    const columns = Array.from({ length: 45_000 }, (_, i) => `c${i} + 1 AS "x;${i}"`).join(', ');
    const sql = `SELECT ${columns} FROM t WHERE a = 'LIMIT 5; DELETE' -- ;\n`;
    for (const engine of ENGINES) {
      it(engine, () => {
        expect(sql.length).toBeGreaterThan(1_000_000);
        const started = performance.now();
        const result = guardStatements(sql, engine, readOnly);
        // Far above the usual time: catches super-linear work, not a busy machine.
        expect(performance.now() - started).toBeLessThan(20_000);
        expect(result.ok).toBe(true);
        expect(guardStatements(`${sql};DELETE FROM t`, engine, readOnly)).toEqual(refused(1));
      });
    }
  });

  it('survives deep nesting', () => {
    const sql = `SELECT ${'('.repeat(5000)}1${')'.repeat(5000)}`;
    for (const engine of ENGINES) expect(guardStatements(sql, engine, readOnly).ok).toBe(true);
    // Nested WITH bodies are followed to a fixed depth, then the statement is 'unknown'.
    const levels = 20_000;
    const nested = `${'WITH a AS ('.repeat(levels)}SELECT 1${') SELECT 1'.repeat(levels)}`;
    const started = performance.now();
    expect(guardStatements(nested, 'duckdb', readOnly)).toEqual(refused(0));
    expect(performance.now() - started).toBeLessThan(20_000);
    const shallow = `${'WITH a AS ('.repeat(10)}SELECT 1${') SELECT 1'.repeat(10)}`;
    expect(classifyStatement(shallow, 'duckdb')).toBe('select');
  });
});

describe('guardStatements on a database with DML', () => {
  const withDml = { allowDml: true };
  const ok = (sql: string, engine: Engine) => guardStatements(sql, engine, withDml).ok;
  const message = (sql: string, engine: Engine) => {
    const result = guardStatements(sql, engine, withDml);
    return result.ok ? null : result.message;
  };

  it('lets data changes, schema changes, session statements and unknown ones through', () => {
    for (const engine of ENGINES) {
      expect(ok('INSERT INTO t VALUES (1); UPDATE t SET a = 2; DELETE FROM t', engine)).toBe(true);
      expect(ok('CREATE TABLE x (a int); DROP TABLE x', engine)).toBe(true);
      expect(ok('BEGIN; COMMIT', engine)).toBe(true);
      expect(ok('FOO BAR', engine)).toBe(true);
    }
    expect(ok('SET search_path = a', 'postgresql')).toBe(true);
    expect(ok('SET SESSION sql_mode = 1', 'mysql')).toBe(true);
    expect(ok('COPY t TO STDOUT', 'postgresql')).toBe(true);
    expect(ok('COPY t FROM STDIN', 'postgresql')).toBe(true);
    expect(ok('COPY FROM DATABASE a TO b', 'duckdb')).toBe(true);
    expect(ok('PRAGMA table_info(t)', 'sqlite')).toBe(true);
    expect(ok('PRAGMA threads = 4', 'duckdb')).toBe(true);
    expect(ok('VACUUM', 'sqlite')).toBe(true);
    expect(ok('SELECT * INTO n FROM t', 'postgresql')).toBe(true);
  });

  it('always refuses file, extension and identity statements', () => {
    for (const engine of ENGINES) {
      expect(message("ATTACH '/tmp/x.db' AS y", engine)).toBe('ATTACH statements are not allowed');
      expect(message('DETACH y', engine)).toBe('DETACH statements are not allowed');
      expect(message('SELECT 1; LOAD httpfs', engine)).toBe('LOAD statements are not allowed');
      expect(message('INSTALL httpfs', engine)).toBe('INSTALL statements are not allowed');
    }
    const copy = 'COPY statements that read or write files or run programs are not allowed';
    expect(message("COPY t TO '/tmp/x'", 'postgresql')).toBe(copy);
    expect(message("COPY t TO '/tmp/x.parquet' (FORMAT parquet)", 'duckdb')).toBe(copy);
    expect(message("COPY (SELECT 1) TO '/tmp/x'", 'postgresql')).toBe(copy);
    expect(message("COPY t FROM PROGRAM 'rm -rf /'", 'postgresql')).toBe(copy);
    expect(message("COPY t FROM '/etc/passwd'", 'postgresql')).toBe(copy);
    expect(message("COPY t (a, b) FROM E'/etc/passwd'", 'postgresql')).toBe(copy);
    expect(message('COPY t', 'postgresql')).toBe(copy);
    expect(message('SET ROLE admin', 'postgresql')).toBe('SET ROLE statements are not allowed');
    expect(message('set local role admin', 'postgresql')).toBe(
      'SET ROLE statements are not allowed',
    );
    expect(message("SET role = 'admin'", 'postgresql')).toBe('SET ROLE statements are not allowed');
    expect(message('RESET ROLE', 'postgresql')).toBe('RESET ROLE statements are not allowed');
    expect(message('RESET SESSION AUTHORIZATION', 'postgresql')).toBe(
      'RESET SESSION AUTHORIZATION statements are not allowed',
    );
    expect(message('SET ROLE ALL', 'mysql')).toBe('SET ROLE statements are not allowed');
    const auth = 'SET SESSION AUTHORIZATION statements are not allowed';
    expect(message('SET SESSION AUTHORIZATION admin', 'postgresql')).toBe(auth);
    expect(message('SET LOCAL SESSION AUTHORIZATION admin', 'postgresql')).toBe(auth);
    expect(message('SET session_authorization = admin', 'postgresql')).toBe(auth);
    const pragma = 'PRAGMA statements other than read-only introspection are not allowed';
    expect(message('PRAGMA writable_schema = 1', 'sqlite')).toBe(pragma);
    expect(message('PRAGMA journal_mode', 'sqlite')).toBe(pragma);
    expect(message('PRAGMA table_info = t', 'sqlite')).toBe(pragma);
    expect(message("VACUUM INTO '/tmp/copy.db'", 'sqlite')).toBe(
      'VACUUM INTO statements are not allowed',
    );
    expect(message("select * from t into outfile '/tmp/x'", 'mysql')).toBe(
      'SELECT … INTO OUTFILE statements are not allowed',
    );
    expect(message("SELECT a INTO DUMPFILE '/tmp/x' FROM t", 'mysql')).toBe(
      'SELECT … INTO DUMPFILE statements are not allowed',
    );
    expect(message("LOAD DATA LOCAL INFILE '/etc/passwd' INTO TABLE t", 'mysql')).toBe(
      'LOAD statements are not allowed',
    );
    expect(message('INSTALL PLUGIN x SONAME "x.so"', 'mysql')).toBe(
      'INSTALL statements are not allowed',
    );
    expect(message("LOAD 'auto_explain'", 'postgresql')).toBe('LOAD statements are not allowed');
    expect(message('FORCE INSTALL httpfs', 'duckdb')).toBe('INSTALL statements are not allowed');
    expect(message('UPDATE EXTENSIONS', 'duckdb')).toBe(
      'UPDATE EXTENSIONS statements are not allowed',
    );
    expect(message("EXPORT DATABASE '/tmp/dump'", 'duckdb')).toBe(
      'EXPORT DATABASE statements are not allowed',
    );
    expect(message("IMPORT DATABASE '/tmp/dump'", 'duckdb')).toBe(
      'IMPORT DATABASE statements are not allowed',
    );
    expect(message('SET enable_external_access = true', 'duckdb')).toBe(
      'SET enable_external_access statements are not allowed',
    );
    expect(message("SET GLOBAL extension_directory = '/tmp'", 'duckdb')).toBe(
      'SET extension_directory statements are not allowed',
    );
    expect(message("PRAGMA profile_output = '/tmp/x'", 'duckdb')).toBe(
      'PRAGMA profile_output statements are not allowed',
    );
    expect(message("EXPLAIN ANALYZE COPY t TO '/tmp/x'", 'duckdb')).toBe(copy);
    expect(message('EXPLAIN SELECT * FROM copy', 'duckdb')).toBeNull();
  });
});

describe('guardStatements where the lexer could misread the text', () => {
  const readOnly = { allowDml: false };
  const verdict = (sql: string, engine: Engine) => guardStatements(sql, engine, readOnly);

  it('reads [ as a list or subscript outside SQLite', () => {
    // DuckDB: a list holding ']', then a second statement.
    expect(verdict("SELECT [']'] ; DELETE FROM t", 'duckdb')).toEqual({
      ok: false,
      message: DML_NOT_ALLOWED_MESSAGE,
      statementIndex: 1,
    });
    expect(verdict("SELECT arr[1], ']' FROM t; DELETE FROM t", 'postgresql')).toMatchObject({
      ok: false,
      statementIndex: 1,
    });
    expect(verdict('SELECT [x;y] FROM t', 'sqlite')).toEqual({
      ok: true,
      statements: ['SELECT [x;y] FROM t'],
    });
  });

  it('reads $…$ as quotes only in PostgreSQL and DuckDB', () => {
    const sql = 'SELECT 1 AS $a$; DELETE FROM t; SELECT 1 AS $a$';
    expect(verdict(sql, 'mysql')).toMatchObject({ ok: false, statementIndex: 1 });
    expect(verdict(sql, 'postgresql')).toEqual({ ok: true, statements: [sql] });
  });

  it('reads backticks as quotes only in MySQL and SQLite', () => {
    const sql = 'SELECT 1 ` 2; DELETE FROM t; SELECT 3 ` 4';
    expect(verdict(sql, 'postgresql')).toMatchObject({ ok: false, statementIndex: 1 });
    expect(verdict(sql, 'duckdb')).toMatchObject({ ok: false, statementIndex: 1 });
    expect(verdict(sql, 'mysql')).toMatchObject({ ok: true });
  });

  it('refuses what it cannot read the way the database does', () => {
    const problems: [string, Engine, RegExp][] = [
      ["SELECT 'abc", 'postgresql', /unterminated/],
      ['SELECT 1 /* open', 'sqlite', /unterminated/],
      ['SELECT "abc', 'duckdb', /unterminated/],
      ["SELECT E'it\\'s'; DELETE FROM t; --'", 'postgresql', /Escape strings/],
      ["SELECT e'\\''", 'duckdb', /Escape strings/],
      ['SELECT "a\\"b"', 'mysql', /Double-quoted/],
      ['SELECT 1 --1; DELETE FROM t', 'mysql', /followed by a space/],
      ["SELECT * FROM t /*! INTO OUTFILE '/tmp/x' */", 'mysql', /executable comments/],
      ['SELECT 1 /* /* */ ; DELETE FROM t; /* */ */', 'mysql', /Nested comments/],
      ['SELECT 1 /* /* */ ; DELETE FROM t; /* */ */', 'sqlite', /Nested comments/],
      ['SELECT 1 \uE000', 'postgresql', /unsupported characters/],
    ];
    for (const [sql, engine, message] of problems) {
      const result = guardStatements(sql, engine, { allowDml: true });
      expect(result.ok, `${engine}: ${sql}`).toBe(false);
      if (!result.ok) expect(result.message).toMatch(message);
    }
  });

  it('accepts the same texts when they are unambiguous', () => {
    const fine: [string, Engine][] = [
      ["SELECT E'a\\\\', 'b\\'", 'postgresql'],
      ["SELECT 'C:\\'", 'postgresql'],
      ['SELECT "a""b", \'a\\\'b\'', 'mysql'],
      ['SELECT 1 -- comment', 'mysql'],
      ['SELECT 1 --', 'mysql'],
      ['SELECT 1 /*+ hint */', 'mysql'],
      ['SELECT 1 /* a /* b */ c */', 'postgresql'],
      ['SELECT 1 --1', 'postgresql'],
    ];
    for (const [sql, engine] of fine) {
      expect(guardStatements(sql, engine, readOnly), `${engine}: ${sql}`).toEqual({
        ok: true,
        statements: [sql],
      });
    }
  });
});

describe('node-sql-parser dialects', () => {
  it('parse with a default import per dialect', () => {
    for (const engine of PARSED) {
      expect(astKind('SELECT a FROM t', engine as 'postgresql' | 'mysql' | 'sqlite')).toBe(
        'select',
      );
    }
  });
});
