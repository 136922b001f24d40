import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import ExcelJS from 'exceljs';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEngineRegistry } from '../src/engines/index.js';
import type { DatabaseClient, EngineSpec } from '../src/engines/types.js';
import { makeSqliteAnalytics } from './helpers/analytics.js';
import { ApiClient } from './helpers/client.js';
import { metadataTargets, PG_ADMIN_URL, tempDir } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { emptyDuckdbFile } from './helpers/table-dataset.js';

const targets = await metadataTargets();
const CI = process.env.CI === 'true';
const MYSQL_URL = process.env.STRATA_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const TABLE_EXISTS =
  "Table already exists. You can change your 'if table already exists' strategy to append or replace or provide a different Table Name to use.";

function mysqlOptions(): mysql.ConnectionOptions {
  const u = new URL(MYSQL_URL.replace(/^[a-z0-9+]+:/, 'mysql:'));
  return {
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    connectTimeout: 3000,
  };
}

async function mysqlProblem(): Promise<string | null> {
  try {
    const c = await mysql.createConnection(mysqlOptions());
    await c.end();
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

const mysqlDown = await mysqlProblem();
if (mysqlDown && CI)
  throw new Error(`MySQL/MariaDB at ${MYSQL_URL} is required with CI=true: ${mysqlDown}`);
if (mysqlDown) console.warn(`MySQL/MariaDB unreachable (${mysqlDown}): uploads into it skipped`);

type EngineName = 'sqlite' | 'duckdb' | 'postgresql' | 'mysql';
const ENGINES: EngineName[] = [
  'sqlite',
  'duckdb',
  'postgresql',
  ...(mysqlDown ? [] : ['mysql' as const]),
];

/** SQL type names each engine reports for string, integer, float, boolean, date, datetime. */
const TYPE_NAMES: Record<EngineName, Record<string, RegExp>> = {
  sqlite: {
    string: /^TEXT$/i,
    integer: /^INTEGER$/i,
    float: /^REAL$/i,
    boolean: /^INTEGER$/i,
    date: /^DATE$/i,
    datetime: /^DATETIME$/i,
  },
  duckdb: {
    string: /^VARCHAR$/i,
    integer: /^BIGINT$/i,
    float: /^DOUBLE$/i,
    boolean: /^BOOLEAN$/i,
    date: /^DATE$/i,
    datetime: /^TIMESTAMP$/i,
  },
  postgresql: {
    string: /^TEXT$/i,
    integer: /^BIGINT$/i,
    float: /^DOUBLE PRECISION$/i,
    boolean: /^BOOLEAN$/i,
    date: /^DATE$/i,
    datetime: /^TIMESTAMP( WITHOUT TIME ZONE)?$/i,
  },
  mysql: {
    string: /^TEXT$/i,
    integer: /^BIGINT(\(20\))?$/i,
    float: /^DOUBLE$/i,
    boolean: /^TINYINT\(1\)$/i,
    date: /^DATE$/i,
    datetime: /^DATETIME$/i,
  },
};

interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

interface UploadAnswer {
  message: string | Record<string, string[]>;
  dataset_id: number;
  table_name: string;
}

interface Dataset {
  id: number;
  table_name: string;
  schema: string | null;
  columns: Array<{ column_name: string; type: string; is_dttm: boolean }>;
}

async function postForm<T>(
  client: ApiClient,
  url: string,
  fields: Record<string, string>,
  file?: { name: string; data: string | Uint8Array },
): Promise<Answer<T>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([file.data]), file.name);
  const res = await fetch(client.baseUrl + url, {
    method: 'POST',
    headers: { authorization: `Bearer ${client.token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

const csvFile = (data: string | Uint8Array, name = 'data.csv') => ({ name, data });

/** Values as every engine can be compared: dates as text, booleans as booleans. */
function norm(value: unknown, kind: 'date' | 'datetime' | 'boolean' | 'plain' = 'plain'): unknown {
  if (value === null || value === undefined) return null;
  if (kind === 'date') return String(value).slice(0, 10);
  if (kind === 'datetime') return String(value).replace('T', ' ').slice(0, 19);
  if (kind === 'boolean') return value === true || value === 1 || value === '1';
  return value;
}

const PEOPLE_CSV = [
  'id,name,price,active,day,at,note',
  '1,"Smith, John",9.5,true,2024-01-05,2024-01-05 10:00:00,"He said ""hi"""',
  '2,Ada,10,false,2024-02-29,2024-01-05T11:30:00Z,NULL',
  '3,"Multi',
  'line",,TRUE,2024-03-01,,',
].join('\n');

async function buildWorkbook(): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const first = wb.addWorksheet('first');
  first.addRow(['a', 'b']);
  first.addRow([1, 'x']);
  const second = wb.addWorksheet('second');
  second.addRow(['city', 'founded', 'population', 'capital']);
  second.addRow(['Paris', new Date(Date.UTC(1951, 0, 1)), 2102650, true]);
  second.addRow(['Lyon', new Date(Date.UTC(1975, 5, 30)), 522250, false]);
  second.addRow(['Nice', null, 342669, false]);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

async function buildParquet(dir: string): Promise<Uint8Array> {
  const file = path.join(dir, `x-${randomBytes(4).toString('hex')}.parquet`);
  const instance = await DuckDBInstance.create(':memory:');
  const c = await instance.connect();
  await c.run(`COPY (
      SELECT * FROM (VALUES
        (1, 1.5, 'one', DATE '2024-01-02', TIMESTAMP '2024-01-02 03:04:05', true, 9007199254740993::BIGINT),
        (2, NULL, 'two, "quoted"', NULL, NULL, false, 2::BIGINT)
      ) t(n, x, label, d, ts, flag, big)
    ) TO '${file.replace(/'/g, "''")}' (FORMAT parquet)`);
  c.closeSync();
  instance.closeSync();
  return new Uint8Array(fs.readFileSync(file));
}

describe.each(targets)('file uploads on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  const analytics = makeSqliteAnalytics();
  const work = tempDir('strata-upload-test-');
  const suffix = randomBytes(4).toString('hex');
  const pgSchema = `strata_upload_${suffix}`;
  const mysqlSchema = `strata_upload_${suffix}`;
  const dbIds = {} as Record<EngineName, number>;
  const uris = {} as Record<EngineName, string>;
  const schemas: Record<EngineName, string | null> = {
    sqlite: null,
    duckdb: 'main',
    postgresql: pgSchema,
    mysql: mysqlSchema,
  };
  const registry = defaultEngineRegistry();
  const clients = new Map<EngineName, DatabaseClient>();
  let workbook: Uint8Array;
  let parquet: Uint8Array;

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    const pgc = new pg.Client({ connectionString: PG_ADMIN_URL });
    await pgc.connect();
    await pgc.query(`CREATE SCHEMA ${pgSchema}`);
    await pgc.end();
    if (!mysqlDown) {
      const c = await mysql.createConnection(mysqlOptions());
      await c.query(`CREATE DATABASE ${mysqlSchema}`);
      await c.end();
    }
    uris.sqlite = `sqlite:///${analytics.file}`;
    await emptyDuckdbFile(server.dataDir, 'upload-test.duckdb');
    uris.duckdb = 'duckdb:///upload-test.duckdb';
    uris.postgresql = PG_ADMIN_URL;
    uris.mysql = MYSQL_URL;
    for (const engine of ENGINES) {
      const res = await admin.post<{ id: number }>('/api/v1/database/', {
        database_name: `upload ${engine}`,
        sqlalchemy_uri: uris[engine],
        allow_file_upload: true,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      dbIds[engine] = res.body.id;
    }
    workbook = await buildWorkbook();
    parquet = await buildParquet(work);
  });

  afterAll(async () => {
    for (const c of clients.values()) await c.close().catch(() => undefined);
    await server?.close();
    analytics.drop();
    fs.rmSync(work, { recursive: true, force: true });
    const pgc = new pg.Client({ connectionString: PG_ADMIN_URL });
    await pgc.connect();
    await pgc.query(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`);
    await pgc.end();
    if (!mysqlDown) {
      const c = await mysql.createConnection(mysqlOptions());
      await c.query(`DROP DATABASE IF EXISTS ${mysqlSchema}`);
      await c.end();
    }
  });

  /** A client of the engine itself, to look at what the upload wrote. */
  async function engineClient(
    engine: EngineName,
  ): Promise<{ client: DatabaseClient; spec: EngineSpec }> {
    const spec = registry.forUri(uris[engine]);
    let client = clients.get(engine);
    if (!client) {
      client = await spec.connect(uris[engine], { dataDir: server.dataDir });
      clients.set(engine, client);
    }
    return { client, spec };
  }

  async function tableNames(engine: EngineName): Promise<string[]> {
    const { client } = await engineClient(engine);
    const page = await client.getTables(schemas[engine], { pageSize: 10_000 });
    return page.tables.map((t) => t.name);
  }

  async function stagingLeft(engine: EngineName): Promise<string[]> {
    return (await tableNames(engine)).filter((n) => n.startsWith('_strata_upload_'));
  }

  async function rows(engine: EngineName, table: string, columns: string[], order: string) {
    const { client, spec } = await engineClient(engine);
    const from = schemas[engine]
      ? `${spec.quoteIdentifier(schemas[engine]!)}.${spec.quoteIdentifier(table)}`
      : spec.quoteIdentifier(table);
    const res = await client.execute(
      `SELECT ${columns.map((c) => spec.quoteIdentifier(c)).join(', ')} FROM ${from} ORDER BY ${spec.quoteIdentifier(order)}`,
    );
    return res.rows;
  }

  async function columnTypes(engine: EngineName, table: string): Promise<Record<string, string>> {
    const { client } = await engineClient(engine);
    const meta = await client.getTableMetadata(schemas[engine], table);
    return Object.fromEntries(meta.columns.map((c) => [c.name, c.type]));
  }

  const upload = (
    engine: EngineName,
    fields: Record<string, string>,
    file?: { name: string; data: string | Uint8Array },
    as: ApiClient = admin,
  ) =>
    postForm<UploadAnswer>(
      as,
      `/api/v1/database/${dbIds[engine]}/upload/`,
      {
        ...(schemas[engine] === null ? {} : { schema: schemas[engine]! }),
        ...fields,
      },
      file,
    );

  const dataset = async (id: number) =>
    (await admin.get<{ result: Dataset }>(`/api/v1/dataset/${id}`)).body.result;

  describe.each(ENGINES)('into %s', (engine) => {
    let peopleDataset: number;

    it('uploads a CSV with quotes, commas, NULLs and dates into a typed table and a dataset', async () => {
      const res = await upload(engine, { type: 'csv', table_name: 'people' }, csvFile(PEOPLE_CSV));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.message).toBe('OK');
      expect(res.body.table_name).toBe('people');
      peopleDataset = res.body.dataset_id;

      const types = await columnTypes(engine, 'people');
      const expected = TYPE_NAMES[engine];
      expect(types.id).toMatch(expected.integer!);
      expect(types.name).toMatch(expected.string!);
      expect(types.price).toMatch(expected.float!);
      expect(types.active).toMatch(expected.boolean!);
      expect(types.day).toMatch(expected.date!);
      expect(types.at).toMatch(expected.datetime!);
      expect(types.note).toMatch(expected.string!);

      const got = await rows(
        engine,
        'people',
        ['id', 'name', 'price', 'active', 'day', 'at', 'note'],
        'id',
      );
      expect(
        got.map((r) => [
          Number(r[0]),
          r[1],
          r[2] === null ? null : Number(r[2]),
          norm(r[3], 'boolean'),
          norm(r[4], 'date'),
          norm(r[5], 'datetime'),
          r[6],
        ]),
      ).toEqual([
        [1, 'Smith, John', 9.5, true, '2024-01-05', '2024-01-05 10:00:00', 'He said "hi"'],
        [2, 'Ada', 10, false, '2024-02-29', '2024-01-05 11:30:00', null],
        [3, 'Multi\nline', null, true, '2024-03-01', null, null],
      ]);

      const ds = await dataset(peopleDataset);
      expect(ds.table_name).toBe('people');
      expect(ds.schema).toBe(schemas[engine]);
      expect(ds.columns.map((c) => c.column_name).sort()).toEqual([
        'active',
        'at',
        'day',
        'id',
        'name',
        'note',
        'price',
      ]);
      expect(ds.columns.find((c) => c.column_name === 'day')!.is_dttm).toBe(true);
      expect(await stagingLeft(engine)).toEqual([]);
    });

    it('refuses an existing table unless asked to append or replace', async () => {
      const res = await upload(engine, { type: 'csv', table_name: 'people' }, csvFile('id\n9\n'));
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(TABLE_EXISTS);
      expect(await rows(engine, 'people', ['id'], 'id')).toHaveLength(3);
    });

    it('appends rows, reusing the dataset; refuses columns the table does not have', async () => {
      const res = await upload(
        engine,
        { type: 'csv', table_name: 'people', already_exists: 'append' },
        csvFile(
          'id,name,price,active,day,at,note\n4,Linus,1.25,false,2024-04-01,2024-04-01 08:00:00,x\n',
        ),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.dataset_id).toBe(peopleDataset);
      const ids = (await rows(engine, 'people', ['id', 'name'], 'id')).map((r) => [
        Number(r[0]),
        r[1],
      ]);
      expect(ids).toEqual([
        [1, 'Smith, John'],
        [2, 'Ada'],
        [3, 'Multi\nline'],
        [4, 'Linus'],
      ]);
      // Fewer columns than the table: the others are NULL.
      const partial = await upload(
        engine,
        { type: 'csv', table_name: 'people', already_exists: 'append' },
        csvFile('id,name\n5,Grace\n'),
      );
      expect(partial.status, JSON.stringify(partial.body)).toBe(201);
      const bad = await upload(
        engine,
        { type: 'csv', table_name: 'people', already_exists: 'append' },
        csvFile('id,bogus,other\n6,1,2\n'),
      );
      expect(bad.status).toBe(422);
      expect(bad.body.message).toMatch(/"bogus", "other"/);
      expect(await rows(engine, 'people', ['id'], 'id')).toHaveLength(5);
      expect(await stagingLeft(engine)).toEqual([]);
    });

    it('rolls back an append the database refuses, leaving no staging table', async () => {
      const { client, spec } = await engineClient(engine);
      const strict = schemas[engine]
        ? `${spec.quoteIdentifier(schemas[engine]!)}.${spec.quoteIdentifier('strict_t')}`
        : spec.quoteIdentifier('strict_t');
      await client.execute(`CREATE TABLE ${strict} (id BIGINT PRIMARY KEY, name TEXT NOT NULL)`);
      await client.execute(`INSERT INTO ${strict} VALUES (1, 'one')`);
      // Row 2 has no name: the database refuses the copy into the table.
      const res = await upload(
        engine,
        { type: 'csv', table_name: 'strict_t', already_exists: 'append' },
        csvFile('id,name\n2,two\n3,\n'),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(typeof res.body.message).toBe('string');
      expect(await rows(engine, 'strict_t', ['id'], 'id')).toHaveLength(1);
      expect(await stagingLeft(engine)).toEqual([]);
      if (engine !== 'sqlite') {
        // SQLite keeps any value in any column; the others refuse text in a BIGINT column.
        const mismatch = await upload(
          engine,
          { type: 'csv', table_name: 'people', already_exists: 'append' },
          csvFile('id,name\nnot a number,Bob\n'),
        );
        expect(mismatch.status, JSON.stringify(mismatch.body)).toBe(422);
        expect(await rows(engine, 'people', ['id'], 'id')).toHaveLength(5);
        expect(await stagingLeft(engine)).toEqual([]);
      }
    });

    it('replaces a table, and the dataset follows its new columns', async () => {
      const res = await upload(
        engine,
        { type: 'csv', table_name: 'people', already_exists: 'replace' },
        csvFile('id;nickname\n10;Al\n11;Bo\n'),
      );
      // The wrong delimiter first: one column named "id;nickname".
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(Object.keys(await columnTypes(engine, 'people'))).toEqual(['id;nickname']);
      const again = await upload(
        engine,
        { type: 'csv', table_name: 'people', already_exists: 'replace', delimiter: ';' },
        csvFile('id;nickname\n10;Al\n11;Bo\n'),
      );
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(again.body.dataset_id).toBe(peopleDataset);
      expect(
        (await rows(engine, 'people', ['id', 'nickname'], 'id')).map((r) => [Number(r[0]), r[1]]),
      ).toEqual([
        [10, 'Al'],
        [11, 'Bo'],
      ]);
      const ds = await dataset(peopleDataset);
      expect(ds.columns.map((c) => c.column_name).sort()).toEqual(['id', 'nickname']);
      expect(await stagingLeft(engine)).toEqual([]);
    });

    it('refuses a ragged CSV naming the line, and leaves no table behind', async () => {
      const res = await upload(
        engine,
        { type: 'csv', table_name: 'ragged' },
        csvFile('a,b\n1,2\n3,4\n5\n'),
      );
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(/line 4/);
      const quote = await upload(
        engine,
        { type: 'csv', table_name: 'ragged' },
        csvFile('a,b\n1,2\n"3,4\n'),
      );
      expect(quote.status).toBe(422);
      expect(quote.body.message).toMatch(/a quoted field starting on line 3 is not closed/);
      const replace = await upload(
        engine,
        { type: 'csv', table_name: 'people', already_exists: 'replace' },
        csvFile('a,b\n1,2\n3,4,5\n'),
      );
      expect(replace.status).toBe(422);
      expect(replace.body.message).toMatch(/line 3/);
      expect(await rows(engine, 'people', ['id'], 'id')).toHaveLength(2);
      const names = await tableNames(engine);
      expect(names).not.toContain('ragged');
      expect(names.filter((n) => n.startsWith('_strata_upload_'))).toEqual([]);
    });

    it('names the column and the row of a value that does not convert to its declared type', async () => {
      const res = await upload(
        engine,
        {
          type: 'csv',
          table_name: 'typed',
          column_data_types: JSON.stringify({ qty: 'integer', price: 'float' }),
        },
        csvFile('qty,price\n1,2.5\n2.0,3\nlots,4\n'),
      );
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(
        'Cannot convert "lots" in column "qty" (row 3, line 4) to integer',
      );
      expect(await tableNames(engine)).not.toContain('typed');
      const ok = await upload(
        engine,
        {
          type: 'csv',
          table_name: 'typed',
          column_data_types: JSON.stringify({ code: 'string', qty: 'float' }),
          null_values: 'n/a',
          columns_read: 'code,qty',
        },
        csvFile('code,qty,skipped\n007,1,x\n010,n/a,y\n'),
      );
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
      const types = await columnTypes(engine, 'typed');
      expect(Object.keys(types)).toEqual(['code', 'qty']);
      expect(types.code).toMatch(TYPE_NAMES[engine].string!);
      expect(types.qty).toMatch(TYPE_NAMES[engine].float!);
      expect(
        (await rows(engine, 'typed', ['code', 'qty'], 'code')).map((r) => [
          r[0],
          r[1] === null ? null : Number(r[1]),
        ]),
      ).toEqual([
        ['007', 1],
        ['010', null],
      ]);
    });

    it('uploads the chosen sheet of an Excel workbook', async () => {
      const res = await upload(
        engine,
        { type: 'excel', table_name: 'cities', sheet_name: 'second' },
        { name: 'cities.xlsx', data: workbook },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const types = await columnTypes(engine, 'cities');
      expect(Object.keys(types)).toEqual(['city', 'founded', 'population', 'capital']);
      expect(types.city).toMatch(TYPE_NAMES[engine].string!);
      expect(types.founded).toMatch(TYPE_NAMES[engine].date!);
      expect(types.population).toMatch(TYPE_NAMES[engine].integer!);
      expect(types.capital).toMatch(TYPE_NAMES[engine].boolean!);
      const got = await rows(
        engine,
        'cities',
        ['city', 'founded', 'population', 'capital'],
        'population',
      );
      expect(
        got.map((r) => [r[0], norm(r[1], 'date'), Number(r[2]), norm(r[3], 'boolean')]),
      ).toEqual([
        ['Nice', null, 342669, false],
        ['Lyon', '1975-06-30', 522250, false],
        ['Paris', '1951-01-01', 2102650, true],
      ]);
      const first = await upload(
        engine,
        { type: 'excel', table_name: 'first_sheet' },
        { name: 'cities.xlsx', data: workbook },
      );
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(Object.keys(await columnTypes(engine, 'first_sheet'))).toEqual(['a', 'b']);
      const missing = await upload(
        engine,
        { type: 'excel', table_name: 'nope', sheet_name: 'third' },
        { name: 'cities.xlsx', data: workbook },
      );
      expect(missing.status).toBe(422);
      expect(missing.body.message).toMatch(/no sheet "third".*"first", "second"/);
    });

    it('uploads a Parquet file with its own column types', async () => {
      const res = await upload(
        engine,
        { type: 'columnar', table_name: 'from_parquet' },
        { name: 'x.parquet', data: parquet },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const types = await columnTypes(engine, 'from_parquet');
      const t = TYPE_NAMES[engine];
      expect(types.n).toMatch(t.integer!);
      expect(types.x).toMatch(t.float!);
      expect(types.label).toMatch(t.string!);
      expect(types.d).toMatch(t.date!);
      expect(types.ts).toMatch(t.datetime!);
      expect(types.flag).toMatch(t.boolean!);
      expect(types.big).toMatch(t.integer!);
      const got = await rows(
        engine,
        'from_parquet',
        ['n', 'x', 'label', 'd', 'ts', 'flag', 'big'],
        'n',
      );
      expect(
        got.map((r) => [
          Number(r[0]),
          r[1] === null ? null : Number(r[1]),
          r[2],
          norm(r[3], 'date'),
          norm(r[4], 'datetime'),
          norm(r[5], 'boolean'),
          String(r[6]),
        ]),
      ).toEqual([
        [1, 1.5, 'one', '2024-01-02', '2024-01-02 03:04:05', true, '9007199254740993'],
        [2, null, 'two, "quoted"', null, null, false, '2'],
      ]);
    });

    it('takes a hostile table name as a plain name, executing nothing', async () => {
      const hostile = 'x"; DROP TABLE people; -- `\'';
      const before = await tableNames(engine);
      const res = await upload(
        engine,
        { type: 'csv', table_name: hostile },
        csvFile('"a""); DROP TABLE people; --",b\n1,2\n'),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const after = await tableNames(engine);
      expect(after).toContain(hostile);
      expect(after).toContain('people');
      expect(after.length).toBe(before.length + 1);
      expect(Object.keys(await columnTypes(engine, hostile))).toEqual([
        'a"); DROP TABLE people; --',
        'b',
      ]);
      const ds = await dataset(res.body.dataset_id);
      expect(ds.table_name).toBe(hostile);
    });
  });

  describe('checks and permissions', () => {
    const sqliteUpload = (
      fields: Record<string, string>,
      file?: { name: string; data: string | Uint8Array },
      as: ApiClient = admin,
      id = dbIds.sqlite,
    ) => postForm<UploadAnswer>(as, `/api/v1/database/${id}/upload/`, fields, file);

    it('refuses bad requests with clear 4xx answers', async () => {
      const noFile = await sqliteUpload({ type: 'csv', table_name: 't1' });
      expect(noFile.status).toBe(400);
      expect(noFile.body.message).toEqual({ file: ['Missing data for required field.'] });
      const noTable = await sqliteUpload({ type: 'csv' }, csvFile('a\n1\n'));
      expect(noTable.status).toBe(400);
      expect(noTable.body.message).toEqual({ table_name: ['Missing data for required field.'] });
      const badType = await sqliteUpload({ type: 'xml', table_name: 't1' }, csvFile('a\n1\n'));
      expect(badType.status).toBe(400);
      expect(badType.body.message).toEqual({ type: ['Must be one of: csv, excel, columnar.'] });
      const empty = await sqliteUpload({ type: 'csv', table_name: 't1' }, csvFile(''));
      expect(empty.status).toBe(422);
      expect(empty.body.message).toBe('The file is empty');
      const xls = await sqliteUpload(
        { type: 'excel', table_name: 't1' },
        {
          name: 'old.xls',
          data: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]),
        },
      );
      expect(xls.status).toBe(422);
      expect(xls.body.message).toMatch(/\.xls\) are not supported: save the file as \.xlsx/);
      const notParquet = await sqliteUpload(
        { type: 'columnar', table_name: 't1' },
        csvFile('a\n1\n', 'x.parquet'),
      );
      expect(notParquet.status).toBe(422);
      expect(notParquet.body.message).toBe('The file is not a Parquet file');
      const long = await sqliteUpload(
        { type: 'csv', table_name: 'x'.repeat(300) },
        csvFile('a\n1\n'),
      );
      expect(long.status).toBe(422);
      expect(long.body.message).toMatch(/longer than 250/);
      const nul = await sqliteUpload({ type: 'csv', table_name: 'a\0b' }, csvFile('a\n1\n'));
      expect(nul.status).toBe(422);
      const badTypes = await sqliteUpload(
        { type: 'csv', table_name: 't1', column_data_types: '{"a":"money"}' },
        csvFile('a\n1\n'),
      );
      expect(badTypes.status).toBe(400);
      const json = await admin.post<{ message: string }>(
        `/api/v1/database/${dbIds.sqlite}/upload/`,
        {
          type: 'csv',
        },
      );
      expect(json.status).toBe(400);
      const noBoundary = await admin.request<{ message: string }>(
        'POST',
        `/api/v1/database/${dbIds.sqlite}/upload/`,
        'type=csv',
        { 'content-type': 'multipart/form-data' },
      );
      expect(noBoundary.status, JSON.stringify(noBoundary.body)).toBe(400);
      expect(noBoundary.body.message).toMatch(/^The upload could not be read: /);
      expect((await admin.get('/api/v1/database/99999')).status).toBe(404);
      const noDb = await postForm<UploadAnswer>(
        admin,
        '/api/v1/database/99999/upload/',
        { type: 'csv', table_name: 't1' },
        csvFile('a\n1\n'),
      );
      expect(noDb.status).toBe(404);
      expect(
        (await tableNames('sqlite')).filter((n) => n === 't1' || n.startsWith('_strata_upload_')),
      ).toEqual([]);
    });

    it('refuses files over 100 MB', async () => {
      const big = new Uint8Array(100 * 1024 * 1024 + 10).fill(0x61);
      const res = await sqliteUpload({ type: 'csv', table_name: 'too_big' }, csvFile(big));
      expect(res.status).toBe(413);
      expect(res.body.message).toBe('The file is larger than the upload limit (100 MB)');
      expect(await tableNames('sqlite')).not.toContain('too_big');
    });

    it('describes the columns of a file for the upload form', async () => {
      const csv = await postForm<{ result: { items: Array<Record<string, unknown>> } }>(
        admin,
        '/api/v1/database/upload_metadata/',
        { type: 'csv' },
        csvFile(PEOPLE_CSV),
      );
      expect(csv.status, JSON.stringify(csv.body)).toBe(200);
      expect(csv.body.result.items).toEqual([
        {
          column_names: ['id', 'name', 'price', 'active', 'day', 'at', 'note'],
          column_types: ['integer', 'string', 'float', 'boolean', 'date', 'datetime', 'string'],
        },
      ]);
      const excel = await postForm<{ result: { items: Array<Record<string, unknown>> } }>(
        admin,
        '/api/v1/database/upload_metadata/',
        { type: 'excel' },
        { name: 'w.xlsx', data: workbook },
      );
      expect(excel.status, JSON.stringify(excel.body)).toBe(200);
      expect(excel.body.result.items).toEqual([
        { sheet_name: 'first', column_names: ['a', 'b'], column_types: ['integer', 'string'] },
        {
          sheet_name: 'second',
          column_names: ['city', 'founded', 'population', 'capital'],
          column_types: ['string', 'date', 'integer', 'boolean'],
        },
      ]);
      const columnar = await postForm<{ result: { items: Array<Record<string, unknown>> } }>(
        admin,
        '/api/v1/database/upload_metadata/',
        { type: 'columnar' },
        { name: 'x.parquet', data: parquet },
      );
      expect(columnar.status, JSON.stringify(columnar.body)).toBe(200);
      expect(columnar.body.result.items[0]!.column_names).toEqual([
        'n',
        'x',
        'label',
        'd',
        'ts',
        'flag',
        'big',
      ]);
    });

    it('needs allow_file_upload and a schema allowed for uploads', async () => {
      const closed = await admin.post<{ id: number }>('/api/v1/database/', {
        database_name: 'no uploads',
        sqlalchemy_uri: `sqlite:///${analytics.file}`,
      });
      const refused = await sqliteUpload(
        { type: 'csv', table_name: 't2' },
        csvFile('a\n1\n'),
        admin,
        closed.body.id,
      );
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe('The database does not allow file uploads');
      const limited = await admin.post<{ id: number }>('/api/v1/database/', {
        database_name: 'main only',
        sqlalchemy_uri: `sqlite:///${analytics.file}`,
        allow_file_upload: true,
        extra: JSON.stringify({ schemas_allowed_for_file_upload: ['main'] }),
      });
      const elsewhere = await sqliteUpload(
        { type: 'csv', table_name: 't2', schema: 'temp' },
        csvFile('a\n1\n'),
        admin,
        limited.body.id,
      );
      expect(elsewhere.status).toBe(422);
      expect(elsewhere.body.message).toMatch(/schema "temp" is not allowed/);
      const none = await sqliteUpload(
        { type: 'csv', table_name: 't2' },
        csvFile('a\n1\n'),
        admin,
        limited.body.id,
      );
      expect(none.status).toBe(422);
      const ok = await sqliteUpload(
        { type: 'csv', table_name: 't2', schema: 'main' },
        csvFile('a\n1\n'),
        admin,
        limited.body.id,
      );
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
      expect(await tableNames('sqlite')).toContain('t2');
    });

    it('allows each format only to holders of its upload permission and of the database', async () => {
      const roleId = async (name: string) =>
        (
          await admin.get<{ result: Array<{ id: number }> }>('/api/v1/security/roles/', {
            filters: [{ col: 'name', opr: 'eq', value: name }],
          })
        ).body.result[0]!.id;
      const pairs: Array<{
        id: number;
        permission: { name: string };
        view_menu: { name: string };
      }> = [];
      for (let page = 0; ; page += 1) {
        const res = await admin.get<{ count: number; result: typeof pairs }>(
          '/api/v1/security/permissions-resources/',
          { page, page_size: 100 },
        );
        pairs.push(...res.body.result);
        if (pairs.length >= res.body.count || res.body.result.length === 0) break;
      }
      const pair = (perm: string, view: string) =>
        pairs.find((p) => p.permission.name === perm && p.view_menu.name === view)!.id;
      const role = await admin.post<{ id: number }>('/api/v1/security/roles/', {
        name: 'csv_uploaders',
      });
      expect(role.status).toBe(201);
      const set = await admin.post(`/api/v1/security/roles/${role.body.id}/permissions`, {
        permission_view_menu_ids: [
          pair('can_this_form_post', 'CsvToDatabaseView'),
          pair('can_this_form_get', 'CsvToDatabaseView'),
          pair('database_access', `[upload sqlite].(id:${dbIds.sqlite})`),
        ],
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const gamma = await roleId('Gamma');
      for (const [username, roles] of [
        ['gamma_only', [gamma]],
        ['csv_user', [gamma, role.body.id]],
      ] as const) {
        const res = await admin.post('/api/v1/security/users/', {
          username,
          first_name: username,
          last_name: 'User',
          email: `${username}@example.com`,
          password: 'password-123',
          roles,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
      const gammaUser = new ApiClient(server.baseUrl);
      await gammaUser.loginWithToken('gamma_only', 'password-123');
      const csvUser = new ApiClient(server.baseUrl);
      await csvUser.loginWithToken('csv_user', 'password-123');

      const denied = await sqliteUpload(
        { type: 'csv', table_name: 'by_gamma' },
        csvFile('a\n1\n'),
        gammaUser,
      );
      expect(denied.status).toBe(403);
      expect(denied.body.message).toBe('Forbidden');
      const deniedMeta = await postForm<{ message: string }>(
        gammaUser,
        '/api/v1/database/upload_metadata/',
        { type: 'csv' },
        csvFile('a\n1\n'),
      );
      expect(deniedMeta.status).toBe(403);

      const allowed = await sqliteUpload(
        { type: 'csv', table_name: 'by_csv_user' },
        csvFile('a\n1\n'),
        csvUser,
      );
      expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);
      const ds = await csvUser.get<{ result: Dataset }>(
        `/api/v1/dataset/${allowed.body.dataset_id}`,
      );
      expect(ds.status).toBe(200);
      const excel = await sqliteUpload(
        { type: 'excel', table_name: 'by_csv_user_xl' },
        { name: 'w.xlsx', data: workbook },
        csvUser,
      );
      expect(excel.status).toBe(403);
      expect(excel.body.message).toBe('Forbidden');
      const columnar = await sqliteUpload(
        { type: 'columnar', table_name: 'by_csv_user_pq' },
        { name: 'x.parquet', data: parquet },
        csvUser,
      );
      expect(columnar.status).toBe(403);
      const otherDb = await sqliteUpload(
        { type: 'csv', table_name: 'elsewhere', schema: 'main' },
        csvFile('a\n1\n'),
        csvUser,
        dbIds.duckdb,
      );
      expect(otherDb.status).toBe(404);
      expect(await tableNames('sqlite')).not.toContain('by_csv_user_xl');
      expect(await tableNames('duckdb')).not.toContain('elsewhere');
    });
  });
});
