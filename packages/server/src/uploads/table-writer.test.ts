import { describe, expect, it } from 'vitest';
import { duckdbEngine } from '../engines/duckdb/spec.js';
import { mysqlEngine } from '../engines/mysql/index.js';
import { postgresqlEngine } from '../engines/postgresql/index.js';
import { sqliteEngine } from '../engines/sqlite/index.js';
import {
  EngineError,
  type DatabaseClient,
  type ExecuteResult,
  type TableMetadata,
} from '../engines/types.js';
import {
  appendColumnMapping,
  checkIdentifier,
  createTableSql,
  insertSql,
  renameTableSql,
  replaceTableSql,
  sqlType,
  sqlValue,
  stagingName,
  TABLE_EXISTS_MESSAGE,
  tupleSql,
  writeTable,
} from './table-writer.js';
import { UploadError, type ColumnPlan, type SqlValue } from './types.js';

const columns: ColumnPlan[] = [
  { name: 'id', type: 'integer' },
  { name: 'na"me', type: 'string' },
];

describe('SQL of the table writer', () => {
  it('maps column types to each engine', () => {
    expect(sqlType('duckdb', 'float')).toBe('DOUBLE');
    expect(sqlType('postgresql', 'float')).toBe('DOUBLE PRECISION');
    expect(sqlType('mysql', 'datetime')).toBe('DATETIME');
    expect(sqlType('sqlite', 'boolean')).toBe('INTEGER');
    expect(createTableSql(postgresqlEngine, 's', 't', columns)).toBe(
      'CREATE TABLE "s"."t" ("id" BIGINT, "na""me" TEXT)',
    );
    expect(createTableSql(mysqlEngine, null, 'x`y', columns)).toBe(
      'CREATE TABLE `x``y` (`id` BIGINT, `na"me` TEXT)',
    );
  });

  it('writes every value as a literal, big integers as checked digits', () => {
    const tuple = tupleSql(duckdbEngine, columns, ['9007199254740993', "it's"]);
    expect(tuple).toBe("(9007199254740993, 'it''s')");
    expect(() => sqlValue(duckdbEngine, '1; DROP TABLE x', 'integer')).toThrow(UploadError);
    expect(sqlValue(sqliteEngine, true, 'boolean')).toBe('TRUE');
    expect(sqlValue(postgresqlEngine, 'a\\b', 'string')).toBe("E'a\\\\b'");
    expect(insertSql(sqliteEngine, null, 't', columns, ['(1, NULL)', '(2, NULL)'])).toBe(
      'INSERT INTO "t" ("id", "na""me") VALUES\n(1, NULL),\n(2, NULL)',
    );
  });

  it('renames and replaces the way each engine can', () => {
    expect(renameTableSql(mysqlEngine, 'db', 'a', 'b')).toBe('RENAME TABLE `db`.`a` TO `db`.`b`');
    expect(renameTableSql(duckdbEngine, 'main', 'a', 'b')).toBe(
      'ALTER TABLE "main"."a" RENAME TO "b"',
    );
    expect(replaceTableSql(mysqlEngine, null, 'stg', 't', 'old')).toEqual({
      steps: ['RENAME TABLE `t` TO `old`, `stg` TO `t`', 'DROP TABLE `old`'],
      stagingGoneAfter: 0,
    });
    expect(replaceTableSql(postgresqlEngine, 's', 'stg', 't', 'old')).toEqual({
      steps: ['DROP TABLE "s"."t";\nALTER TABLE "s"."stg" RENAME TO "t"'],
      stagingGoneAfter: 0,
    });
    expect(replaceTableSql(sqliteEngine, null, 'stg', 't', 'old')).toEqual({
      steps: ['DROP TABLE "t"', 'ALTER TABLE "stg" RENAME TO "t"'],
      stagingGoneAfter: 1,
    });
    expect(stagingName()).toMatch(/^_strata_upload_[0-9a-f]{16}$/);
  });

  it('refuses names no engine should get', () => {
    expect(() => checkIdentifier('table', 'a\0b', 'sqlite')).toThrow(/NUL/);
    expect(() => checkIdentifier('table', 'x'.repeat(251), 'sqlite')).toThrow(/250/);
    expect(() => checkIdentifier('column', 'x'.repeat(256), 'sqlite')).toThrow(/255/);
    expect(() => checkIdentifier('table', 'é'.repeat(32), 'postgresql')).toThrow(/63 bytes/);
    expect(() => checkIdentifier('table', 'x'.repeat(65), 'mysql')).toThrow(/64/);
    expect(() => checkIdentifier('table', 'x"; DROP TABLE t; --', 'postgresql')).not.toThrow();
  });

  it('matches appended columns to the table, naming the ones it lacks', () => {
    expect(appendColumnMapping(['ID', 'name'], ['id', 'name', 'extra'])).toEqual(['id', 'name']);
    expect(() => appendColumnMapping(['id', 'x', 'y'], ['id'])).toThrow(/columns "x", "y"/);
    expect(() => appendColumnMapping(['Ab'], ['AB', 'ab'])).toThrow(/column "Ab"/);
  });
});

/** A fake client that records statements and fails the ones matching `failOn`. */
function fakeClient(existing: TableMetadata | null, failOn?: RegExp) {
  const statements: string[] = [];
  const empty: ExecuteResult = {
    columns: [],
    rows: [],
    rowCount: 0,
    truncated: false,
    affectedRows: null,
  };
  const client = {
    async getTableMetadata() {
      if (!existing) throw new EngineError('table_not_found', 'no such table');
      return existing;
    },
    async execute(sql: string) {
      statements.push(sql);
      if (failOn?.test(sql)) throw new EngineError('query_error', 'refused');
      return empty;
    },
  } as unknown as DatabaseClient;
  return { client, statements };
}

async function* rowsOf(rows: SqlValue[][]) {
  yield* rows;
}

const meta = (cols: string[]): TableMetadata => ({
  name: 't',
  schema: null,
  type: 'table',
  columns: cols.map((name) => ({ name, type: 'TEXT', generic: 1, nullable: true })),
  primaryKey: { name: null, constrained_columns: [] },
  foreignKeys: [],
  indexes: [],
  comment: null,
});

describe('writing a table', () => {
  it('writes into a staging table in batches, then renames it', async () => {
    const { client, statements } = fakeClient(null);
    const rows = Array.from({ length: 2500 }, (_, i): SqlValue[] => [i, `n${i}`]);
    const count = await writeTable(client, sqliteEngine, {
      schema: null,
      table: 't',
      columns,
      rows: rowsOf(rows),
      ifExists: 'fail',
    });
    expect(count).toBe(2500);
    expect(statements[0]).toMatch(/^CREATE TABLE "_strata_upload_[0-9a-f]{16}"/);
    expect(statements.filter((s) => s.startsWith('INSERT'))).toHaveLength(3);
    expect(statements.at(-1)).toMatch(/^ALTER TABLE "_strata_upload_[0-9a-f]{16}" RENAME TO "t"$/);
  });

  it('refuses an existing table with fail, before writing anything', async () => {
    const { client, statements } = fakeClient(meta(['id']));
    await expect(
      writeTable(client, sqliteEngine, {
        schema: null,
        table: 't',
        columns,
        rows: rowsOf([]),
        ifExists: 'fail',
      }),
    ).rejects.toThrow(TABLE_EXISTS_MESSAGE);
    expect(statements).toEqual([]);
  });

  it('drops the staging table when the database refuses a step', async () => {
    const { client, statements } = fakeClient(meta(['id', 'na"me']), /^INSERT INTO "t"/);
    await expect(
      writeTable(client, sqliteEngine, {
        schema: null,
        table: 't',
        columns,
        rows: rowsOf([[1, 'a']]),
        ifExists: 'append',
      }),
    ).rejects.toBeInstanceOf(EngineError);
    const staging = /^CREATE TABLE "(_strata_upload_[0-9a-f]{16})"/.exec(statements[0]!)![1];
    expect(statements.at(-1)).toBe(`DROP TABLE IF EXISTS "${staging}"`);
  });

  it('drops the staging table when reading the rows fails', async () => {
    const { client, statements } = fakeClient(null);
    async function* failing(): AsyncGenerator<SqlValue[]> {
      yield [1, 'a'];
      throw new UploadError('bad row');
    }
    await expect(
      writeTable(client, duckdbEngine, {
        schema: 'main',
        table: 't',
        columns,
        rows: failing(),
        ifExists: 'fail',
      }),
    ).rejects.toThrow('bad row');
    expect(statements.at(-1)).toMatch(/^DROP TABLE IF EXISTS "main"."_strata_upload_/);
  });
});
