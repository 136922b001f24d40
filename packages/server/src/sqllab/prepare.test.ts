import { describe, expect, it } from 'vitest';
import {
  checkTargetName,
  dedupeColumnNames,
  effectiveQueryLimit,
  finalLimitingFactor,
  prepareScript,
  type PrepareInput,
} from './prepare.js';

const base: PrepareInput = {
  sql: '',
  engine: 'postgresql',
  allowDml: false,
  allowCtas: false,
  allowCvas: false,
  limit: 100,
  ctas: null,
  quoteIdentifier: (n) => `"${n.replace(/"/g, '""')}"`,
};

const run = (over: Partial<PrepareInput>) => prepareScript({ ...base, ...over });

describe('prepareScript', () => {
  it('strips comments, splits statements and limits the last one', () => {
    const r = run({ sql: '-- first\nSELECT 1;\n/* two */ SELECT * FROM t' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.script.statements).toEqual(['SELECT 1', 'SELECT * FROM t\nLIMIT 100']);
    expect(r.script.limitingFactor).toBe('DROPDOWN');
    expect(r.script.effectiveLimit).toBe(100);
    expect(r.script.executedSql).toBe('SELECT 1;\nSELECT * FROM t\nLIMIT 100');
  });

  it("keeps the query's own smaller limit", () => {
    const r = run({ sql: 'SELECT * FROM t LIMIT 5' });
    expect(r.ok && r.script.limitingFactor).toBe('QUERY');
    expect(r.ok && r.script.effectiveLimit).toBe(5);
  });

  it('leaves a large dropdown limit to the engine where a LIMIT would hold rows back', () => {
    const big = run({
      sql: 'SELECT * FROM t',
      engine: 'duckdb',
      limit: 1_000_000,
      streamingLimitFrom: 100_000,
    });
    expect(big.ok && big.script.statements).toEqual(['SELECT * FROM t']);
    expect(big.ok && big.script).toMatchObject({
      effectiveLimit: 1_000_000,
      limitingFactor: 'DROPDOWN',
    });
    const small = run({
      sql: 'SELECT * FROM t',
      engine: 'duckdb',
      limit: 1000,
      streamingLimitFrom: 100_000,
    });
    expect(small.ok && small.script.statements).toEqual(['SELECT * FROM t\nLIMIT 1000']);
    const own = run({
      sql: 'SELECT * FROM t LIMIT 5',
      engine: 'duckdb',
      limit: 1_000_000,
      streamingLimitFrom: 100_000,
    });
    expect(own.ok && own.script.statements).toEqual(['SELECT * FROM t LIMIT 5']);
    expect(own.ok && own.script.limitingFactor).toBe('QUERY');
  });

  it('refuses DML on a read-only database, naming the statement', () => {
    const r = run({ sql: 'SELECT 1; DELETE FROM t' });
    expect(r).toMatchObject({
      ok: false,
      errorType: 'DML_NOT_ALLOWED_ERROR',
      message: 'Only SELECT statements are allowed against this database.',
      statementIndex: 1,
    });
  });

  it('catches a DROP hidden behind comments', () => {
    const r = run({ sql: 'SELECT 1 /* ; */ ; -- x\n DROP TABLE t' });
    expect(r.ok).toBe(false);
    const r2 = run({ sql: "SELECT '--' ; /* */ DROP TABLE t" });
    expect(r2.ok).toBe(false);
  });

  it('lets DML through when the database allows it, without a limit', () => {
    const r = run({ sql: 'INSERT INTO t VALUES (1)', allowDml: true });
    expect(r.ok && r.script.statements).toEqual(['INSERT INTO t VALUES (1)']);
    expect(r.ok && r.script.limitingFactor).toBe('NOT_LIMITED');
  });

  it('keeps the statements without the display limit for a CSV export, own LIMITs kept', () => {
    const r = run({ sql: 'SELECT 1;\nSELECT * FROM t' });
    expect(r.ok && r.script.exportStatements).toEqual(['SELECT 1', 'SELECT * FROM t']);
    const own = run({ sql: 'SELECT * FROM t LIMIT 5' });
    expect(own.ok && own.script.exportStatements).toEqual(['SELECT * FROM t LIMIT 5']);
    // Read-only rules hold on a database that allows DML: a read-only script is run again…
    const reads = run({ sql: 'SELECT * FROM t', allowDml: true });
    expect(reads.ok && reads.script.exportStatements).toEqual(['SELECT * FROM t']);
  });

  it('never runs a script that may write, or a CTAS, again for an export', () => {
    const writes = run({ sql: 'INSERT INTO t VALUES (1);\nSELECT * FROM t', allowDml: true });
    expect(writes.ok && writes.script.exportStatements).toBeNull();
    const ctas = run({
      sql: 'SELECT a FROM t',
      allowCtas: true,
      ctas: { method: 'TABLE', table: 'tmp_a', schema: null },
    });
    expect(ctas.ok && ctas.script.exportStatements).toBeNull();
  });

  it('refuses empty scripts', () => {
    expect(run({ sql: '  -- nothing\n' })).toMatchObject({
      ok: false,
      errorType: 'INVALID_SQL_ERROR',
    });
  });

  it('wraps the last SELECT in CREATE TABLE AS when allowed', () => {
    const r = run({
      sql: 'SELECT a FROM t',
      allowCtas: true,
      ctas: { method: 'TABLE', table: 'tmp_a', schema: 'main' },
    });
    expect(r.ok && r.script.statements).toEqual([
      'CREATE TABLE "main"."tmp_a" AS\nSELECT a FROM t',
    ]);
    expect(r.ok && r.script.createdTable).toBe('main.tmp_a');
  });

  it('refuses CTAS and CVAS when not allowed, with bad names or statements', () => {
    const ctas = { method: 'TABLE' as const, table: 'x', schema: null };
    expect(run({ sql: 'SELECT 1', ctas })).toMatchObject({
      ok: false,
      errorType: 'INVALID_CTAS_QUERY_ERROR',
    });
    expect(
      run({ sql: 'SELECT 1', allowCtas: true, ctas: { ...ctas, table: 'x"; DROP TABLE y; --' } }),
    ).toMatchObject({ ok: false });
    expect(
      run({
        sql: 'SELECT 1; SELECT 2',
        allowCvas: true,
        ctas: { method: 'VIEW', table: 'v', schema: null },
      }),
    ).toMatchObject({ ok: false, errorType: 'INVALID_CVAS_QUERY_ERROR' });
    expect(run({ sql: 'SHOW search_path', allowCtas: true, ctas })).toMatchObject({
      ok: false,
      errorType: 'INVALID_CTAS_QUERY_ERROR',
    });
  });

  it('handles 1 MB of SQL text', () => {
    const big = 'SELECT ' + Array.from({ length: 100_000 }, (_, i) => `${i} AS c${i}`).join(', ');
    expect(big.length).toBeGreaterThan(1_000_000);
    const r = run({ sql: big });
    expect(r.ok).toBe(true);
  });
});

describe('limits and names', () => {
  it('takes the asked limit, the default, never above the maximum', () => {
    expect(effectiveQueryLimit(50, 1000, 100_000)).toBe(50);
    expect(effectiveQueryLimit(null, 1000, 100_000)).toBe(1000);
    expect(effectiveQueryLimit(0, 1000, 100_000)).toBe(1000);
    expect(effectiveQueryLimit(5_000_000, 1000, 100_000)).toBe(100_000);
  });

  it('marks results below the limit as not limited', () => {
    expect(finalLimitingFactor('DROPDOWN', 100, 99)).toBe('NOT_LIMITED');
    expect(finalLimitingFactor('DROPDOWN', 100, 100)).toBe('DROPDOWN');
    expect(finalLimitingFactor('QUERY', null, 100)).toBe('NOT_LIMITED');
  });

  it('makes duplicate column names unique as Superset does', () => {
    expect(dedupeColumnNames(['id', 'id', 'name', 'id', 'id__1'])).toEqual([
      'id',
      'id__1',
      'name',
      'id__2',
      'id__1__1',
    ]);
  });

  it('takes only plain identifiers as CTAS targets', () => {
    expect(checkTargetName('tmp_1')).toBe(true);
    expect(checkTargetName('1tmp')).toBe(false);
    expect(checkTargetName('a.b')).toBe(false);
    expect(checkTargetName('a b')).toBe(false);
  });
});
