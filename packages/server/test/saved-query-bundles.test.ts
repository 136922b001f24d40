/**
 * Saved queries in Superset's v1 bundles: `GET /api/v1/saved_query/export/?q=!(…)` (a ZIP of
 * metadata.yaml, `queries/<database>/<schema>/<label>.yaml` and the database, password masked)
 * and `POST /api/v1/saved_query/import/` (uuid matching, overwrite, the database from the bundle
 * or already here, the importer as owner); permissions and visibility; bundles of other kinds
 * holding `queries/` files.
 */
import { risonEncode, type RisonValue } from '@strata/core';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { nowIso } from '../src/metadata/db.js';
import { makeSqliteAnalytics } from './helpers/analytics.js';
import type { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { startServer, type TestServer } from './helpers/server.js';
import { USER_PASSWORD, setupSqlLabWorld, type SqlLabWorld } from './helpers/sqllab-world.js';
import { roleId } from './helpers/users.js';

const targets = await metadataTargets();

type Yaml = Record<string, unknown>;
interface Bundle {
  status: number;
  disposition: string | null;
  root: string;
  names: string[];
  files: Map<string, Yaml>;
  texts: Map<string, string>;
  zip: Uint8Array;
  body: string;
}

const ISSUE = {
  code: 1010,
  message: 'Issue 1010 - Superset encountered an error while running a command.',
};
const QUERY_KEYS = ['schema', 'label', 'description', 'sql', 'uuid', 'version', 'database_uuid'];
const DATABASE_KEYS = [
  'database_name',
  'sqlalchemy_uri',
  'cache_timeout',
  'expose_in_sqllab',
  'allow_run_async',
  'allow_ctas',
  'allow_cvas',
  'allow_dml',
  'allow_file_upload',
  'extra',
  'uuid',
  'version',
];
const EXISTS = 'Saved_Queries already exists and `overwrite=true` was not passed';

/** GETs a saved query export; unzips the answer when it is a ZIP. */
async function download(client: ApiClient, q: RisonValue | string): Promise<Bundle> {
  const query = typeof q === 'string' ? q : encodeURIComponent(risonEncode(q));
  const res = await fetch(`${client.baseUrl}/api/v1/saved_query/export/?q=${query}`, {
    headers: client.token ? { authorization: `Bearer ${client.token}` } : {},
  });
  const buf = Buffer.from(await res.arrayBuffer());
  const out: Bundle = {
    status: res.status,
    disposition: res.headers.get('content-disposition'),
    root: '',
    names: [],
    files: new Map(),
    texts: new Map(),
    zip: new Uint8Array(buf),
    body: '',
  };
  if (res.status !== 200 || res.headers.get('content-type') !== 'application/zip') {
    out.body = buf.toString('utf8');
    return out;
  }
  const zip = await JSZip.loadAsync(buf);
  const entries = Object.values(zip.files);
  out.root = entries[0]!.name.split('/')[0]!;
  for (const entry of entries) {
    expect(entry.dir).toBe(false);
    expect(entry.name.startsWith(`${out.root}/`)).toBe(true);
    const name = entry.name.slice(out.root.length + 1);
    const text = await entry.async('string');
    out.names.push(name);
    out.texts.set(name, text);
    out.files.set(name, parse(text) as Yaml);
  }
  return out;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** Posts a bundle as Superset's client does: multipart, the ZIP in `formData`. */
async function postImport(
  client: ApiClient,
  zip: Uint8Array | null,
  fields: Record<string, string> = {},
  kind = 'saved_query',
): Promise<Answer> {
  const form = new FormData();
  if (zip) form.set('formData', new Blob([zip], { type: 'application/zip' }), 'bundle.zip');
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await fetch(`${client.baseUrl}/api/v1/${kind}/import/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${client.token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Superset's 422 answer of a failed saved query import. */
const commandError = (problems: Record<string, unknown>) => ({
  errors: [
    {
      message: 'Error importing saved_queries',
      error_type: 'GENERIC_COMMAND_ERROR',
      level: 'warning',
      extra: { ...problems, issue_codes: [ISSUE] },
    },
  ],
});

/** A bundle ZIP from files (paths under a root folder, values as YAML text). */
async function bundle(type: string, files: Record<string, string>): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file(
    'saved_query_export_20240101T000000/metadata.yaml',
    `version: 1.0.0\ntype: ${type}\ntimestamp: '2024-01-01T00:00:00+00:00'\n`,
  );
  for (const [p, text] of Object.entries(files))
    zip.file(`saved_query_export_20240101T000000/${p}`, text);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

const queryYaml = (
  uuid: string,
  databaseUuid: string,
  over: { label?: string; schema?: string; sql?: string } = {},
) => `schema: ${over.schema ?? 'null'}
label: ${over.label ?? 'Imported query'}
description: Made in a test
sql: ${over.sql ?? 'SELECT 1'}
uuid: ${uuid}
version: 1.0.0
database_uuid: ${databaseUuid}
`;

describe.each(targets)('saved query bundles on $name metadata', (target) => {
  let server: TestServer;
  let w: SqlLabWorld;
  let sam: ApiClient;
  let sue: ApiClient;
  let gina: ApiClient;
  let rita: ApiClient;
  let shopUuid: string;
  let samQuery: number;
  let samQueryUuid: string;
  let adminQuery: number;
  let warehouseUuid: string;
  const analytics = makeSqliteAnalytics();

  const db = () => server.strata.store.db;
  const savedQueryByUuid = (uuid: string) =>
    db().selectFrom('saved_query').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  const createQuery = async (c: ApiClient, body: Record<string, unknown>) => {
    const res = await c.post<{ id: number }>('/api/v1/saved_query/', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  };

  beforeAll(async () => {
    server = await startServer(target);
    w = await setupSqlLabWorld(server, analytics.file);
    sam = await w.login('sam');
    sue = await w.login('sue');
    gina = await w.login('gina');

    // Rita reads saved queries (and may use shop) but may neither export nor write them.
    const pairs = await w.admin.get<{
      result: Array<{ id: number; permission: { name: string }; view_menu: { name: string } }>;
    }>('/api/v1/security/permissions-resources/', {
      filters: [{ col: 'view_menu', opr: 'eq', value: 'SavedQuery' }],
      page_size: 100,
    });
    const canRead = pairs.body.result.find((p) => p.permission.name === 'can_read')!;
    const readers = await w.admin.post<{ id: number }>('/api/v1/security/roles/', {
      name: 'saved_query_readers',
    });
    await w.admin.post(`/api/v1/security/roles/${readers.body.id}/permissions`, {
      permission_view_menu_ids: [canRead.id],
    });
    const made = await w.admin.post('/api/v1/security/users/', {
      username: 'rita',
      first_name: 'Rita',
      last_name: 'Reader',
      email: 'rita@example.com',
      password: USER_PASSWORD,
      active: true,
      roles: [readers.body.id, await roleId(w.admin, 'shop_users')],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    rita = await w.login('rita');

    shopUuid = (await w.admin.get<{ result: { uuid: string } }>(`/api/v1/database/${w.shopId}`))
      .body.result.uuid;
    const warehouse = await w.admin.post<{ id: number }>('/api/v1/database/', {
      database_name: 'Warehouse: prod/eu',
      sqlalchemy_uri: 'postgresql://postgres:Sup3r-Secret-pw@127.0.0.1:5432/test',
    });
    expect(warehouse.status, JSON.stringify(warehouse.body)).toBe(201);
    warehouseUuid = (
      await w.admin.get<{ result: { uuid: string } }>(`/api/v1/database/${warehouse.body.id}`)
    ).body.result.uuid;

    samQuery = await createQuery(sam, {
      label: 'Top customers (2024)',
      description: 'Who bought most',
      db_id: w.shopId,
      schema: 'main',
      sql: 'SELECT customer_id, SUM(amount) AS total\nFROM orders\nGROUP BY 1',
      template_parameters: '{"year": 2024}',
    });
    samQueryUuid = (await savedQueryByUuidOf(samQuery))!;
    adminQuery = await createQuery(w.admin, {
      label: 'Monthly revenue',
      db_id: warehouse.body.id,
      sql: 'SELECT 1',
    });
  });
  afterAll(async () => {
    await server?.close();
    analytics.drop();
  });

  async function savedQueryByUuidOf(id: number): Promise<string | undefined> {
    const row = await db()
      .selectFrom('saved_query')
      .select('uuid')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.uuid;
  }

  it('exports a saved query with its database, in Superset’s layout and fields', async () => {
    const b = await download(sam, [samQuery]);
    expect(b.status, b.body).toBe(200);
    expect(b.disposition).toMatch(/^attachment; filename=saved_query_export_\d{8}T\d{6}\.zip$/);
    expect(b.root).toMatch(/^saved_query_export_\d{8}T\d{6}$/);
    expect(b.names).toEqual([
      'metadata.yaml',
      'queries/shop/main/Top_customers_2024.yaml',
      'databases/shop.yaml',
    ]);
    expect(b.files.get('metadata.yaml')).toEqual({
      version: '1.0.0',
      type: 'SavedQuery',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/),
    });
    const query = b.files.get('queries/shop/main/Top_customers_2024.yaml')!;
    expect(Object.keys(query)).toEqual(QUERY_KEYS);
    expect(query).toEqual({
      schema: 'main',
      label: 'Top customers (2024)',
      description: 'Who bought most',
      sql: 'SELECT customer_id, SUM(amount) AS total\nFROM orders\nGROUP BY 1',
      uuid: samQueryUuid,
      version: '1.0.0',
      database_uuid: shopUuid,
    });
    const database = b.files.get('databases/shop.yaml')!;
    expect(Object.keys(database)).toEqual(DATABASE_KEYS);
    expect(database).toMatchObject({ database_name: 'shop', uuid: shopUuid, version: '1.0.0' });
  });

  it('masks the password of the database and writes a query without schema one folder up', async () => {
    const b = await download(w.admin, [adminQuery, samQuery]);
    expect(b.status, b.body).toBe(200);
    expect(b.names).toEqual([
      'metadata.yaml',
      'queries/Warehouse_prod_eu/Monthly_revenue.yaml',
      'databases/Warehouse_prod_eu.yaml',
      'queries/shop/main/Top_customers_2024.yaml',
      'databases/shop.yaml',
    ]);
    expect(b.files.get('queries/Warehouse_prod_eu/Monthly_revenue.yaml')).toMatchObject({
      schema: null,
      label: 'Monthly revenue',
      database_uuid: warehouseUuid,
    });
    expect(b.files.get('databases/Warehouse_prod_eu.yaml')).toMatchObject({
      database_name: 'Warehouse: prod/eu',
      sqlalchemy_uri: 'postgresql://postgres:XXXXXXXXXX@127.0.0.1:5432/test',
    });
    for (const text of b.texts.values()) {
      expect(text).not.toContain('Sup3r-Secret-pw');
      expect(text).not.toMatch(/^password:/m);
    }
  });

  it('needs can_export, and exports only the queries the user may see', async () => {
    // Gina (Gamma) holds nothing on SavedQuery; Rita reads them but may not export.
    expect((await download(gina, [samQuery])).status).toBe(403);
    expect((await rita.get('/api/v1/saved_query/')).status).toBe(200);
    expect((await download(rita, [samQuery])).status).toBe(403);
    // Saved queries are private: another user's is not found, alone or among one's own.
    const sueQuery = await createQuery(sue, { label: 'Mine', db_id: w.shopId, sql: 'SELECT 2' });
    expect((await download(sue, [samQuery])).status).toBe(404);
    expect((await download(sue, [sueQuery, samQuery])).status).toBe(404);
    expect((await download(sam, [adminQuery])).status).toBe(404);
    expect((await download(sam, [999_999])).status).toBe(404);
    expect((await download(sue, [sueQuery])).status).toBe(200);
    // A bad or missing q.
    expect((await download(sam, 'oops')).status).toBe(400);
    expect((await download(sam, encodeURIComponent("!('x')"))).status).toBe(400);
    expect((await download(sam, '')).status).toBe(400);
    // Anonymous: 401.
    const anonymous = await fetch(`${server.baseUrl}/api/v1/saved_query/export/?q=!(${samQuery})`);
    expect(anonymous.status).toBe(401);
  });

  it('refuses a query whose database its owner may no longer use', async () => {
    const now = nowIso();
    const row = await db()
      .insertInto('saved_query')
      .values({
        uuid: '5e1f0b52-93c2-4f7e-8d65-0a9c1b2d3e4f',
        user_id: w.ids.sam,
        db_id: w.vaultId,
        schema: null,
        catalog: null,
        label: 'In the vault',
        description: null,
        sql: 'SELECT 1',
        template_parameters: null,
        extra_json: null,
        last_run: null,
        rows: null,
        created_on: now,
        changed_on: now,
        created_by_fk: w.ids.sam,
        changed_by_fk: w.ids.sam,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const b = await download(sam, [row.id]);
    expect(b.status, b.body).toBe(403);
    expect(b.body).not.toContain('vault');
    await db().deleteFrom('saved_query').where('id', '=', row.id).execute();
  });

  describe('importing', () => {
    let exported: Bundle;
    const file = 'queries/shop/main/Top_customers_2024.yaml';

    beforeAll(async () => {
      // Admin exports Sam's query; Sam deletes it; Sue imports the bundle.
      exported = await download(w.admin, [samQuery]);
      expect(exported.status).toBe(200);
      expect((await sam.delete(`/api/v1/saved_query/${samQuery}`)).status).toBe(200);
      expect(await savedQueryByUuid(samQueryUuid)).toBeUndefined();
    });

    it('brings the query back with its uuid, owned by the importer', async () => {
      const res = await postImport(sue, exported.zip);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ message: 'OK' });
      const row = (await savedQueryByUuid(samQueryUuid))!;
      expect(row).toMatchObject({
        uuid: samQueryUuid,
        label: 'Top customers (2024)',
        description: 'Who bought most',
        schema: 'main',
        db_id: w.shopId,
        sql: 'SELECT customer_id, SUM(amount) AS total\nFROM orders\nGROUP BY 1',
        user_id: w.ids.sue,
        created_by_fk: w.ids.sue,
        changed_by_fk: w.ids.sue,
      });
      const mine = await sue.get<{ ids: number[] }>('/api/v1/saved_query/');
      expect(mine.body.ids).toContain(row.id);
      expect((await sam.get(`/api/v1/saved_query/${row.id}`)).status).toBe(404);
      // The database was reused, not duplicated.
      const shops = await db()
        .selectFrom('dbs')
        .select('id')
        .where('uuid', '=', shopUuid)
        .execute();
      expect(shops).toEqual([{ id: w.shopId }]);
    });

    it('refuses to overwrite without overwrite=true, then overwrites for the owner', async () => {
      const before = (await savedQueryByUuid(samQueryUuid))!;
      const again = await postImport(sue, exported.zip);
      expect(again.status).toBe(422);
      expect(again.body).toEqual(commandError({ [file]: EXISTS }));
      const off = await postImport(sue, exported.zip, { overwrite: 'false' });
      expect(off.body).toEqual(commandError({ [file]: EXISTS }));

      const renamed = await sue.put(`/api/v1/saved_query/${before.id}`, {
        label: 'Renamed',
        sql: 'SELECT 42',
      });
      expect(renamed.status).toBe(200);
      const res = await postImport(sue, exported.zip, { overwrite: 'true' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const after = (await savedQueryByUuid(samQueryUuid))!;
      expect(after).toMatchObject({
        id: before.id,
        label: 'Top customers (2024)',
        sql: 'SELECT customer_id, SUM(amount) AS total\nFROM orders\nGROUP BY 1',
        user_id: w.ids.sue,
      });
      const count = await db()
        .selectFrom('saved_query')
        .select('id')
        .where('uuid', '=', samQueryUuid)
        .execute();
      expect(count).toHaveLength(1);

      // Sam may not write over Sue's query (it is not his), with or without overwrite.
      const notHis = await postImport(sam, exported.zip, { overwrite: 'true' });
      expect(notHis.status).toBe(422);
      expect(notHis.body).toEqual(
        commandError({
          [file]: "A saved query already exists and user doesn't have permissions to overwrite it",
        }),
      );
      // An admin may; the query keeps its owner.
      expect((await postImport(w.admin, exported.zip, { overwrite: 'true' })).status).toBe(200);
      expect((await savedQueryByUuid(samQueryUuid))!.user_id).toBe(w.ids.sue);
    });

    it('needs can_write on SavedQuery', async () => {
      expect((await postImport(gina, exported.zip)).status).toBe(403);
      expect((await postImport(rita, exported.zip)).status).toBe(403);
    });
  });

  it('creates the database of the bundle, asking for its password', async () => {
    const dbUuid = '7d0c5d0e-5b8a-4bde-9f43-3d5c1a2b0e11';
    const queryUuid = '2a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d';
    const zip = await bundle('SavedQuery', {
      'databases/reports.yaml': `database_name: reports
sqlalchemy_uri: postgresql://reporter:XXXXXXXXXX@127.0.0.1:5432/test
expose_in_sqllab: true
extra: {}
uuid: ${dbUuid}
version: 1.0.0
`,
      'queries/reports/Revenue.yaml': queryYaml(queryUuid, dbUuid, { label: 'Revenue' }),
    });
    // Sam may not create databases.
    const bySam = await postImport(sam, zip, {
      passwords: JSON.stringify({ 'databases/reports.yaml': 'pw' }),
    });
    expect(bySam.status).toBe(422);
    expect(bySam.body).toEqual(
      commandError({
        'databases/reports.yaml':
          "Database doesn't exist and user doesn't have permission to create databases",
      }),
    );
    const noPassword = await postImport(w.admin, zip);
    expect(noPassword.status).toBe(422);
    expect(noPassword.body).toEqual(
      commandError({
        'databases/reports.yaml': { _schema: ['Must provide a password for the database'] },
      }),
    );
    const res = await postImport(w.admin, zip, {
      passwords: JSON.stringify({ 'databases/reports.yaml': 'Sup3r-Secret-pw' }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const created = await db()
      .selectFrom('dbs')
      .select(['id', 'database_name'])
      .where('uuid', '=', dbUuid)
      .executeTakeFirstOrThrow();
    expect(await savedQueryByUuid(queryUuid)).toMatchObject({
      db_id: created.id,
      label: 'Revenue',
      schema: null,
      user_id: w.ids.admin,
    });
    // The saved query endpoint reads nothing but databases and queries.
    const stray = await bundle('SavedQuery', {
      'datasets/x/y.yaml': 'not: [valid',
      'charts/z.yaml': 'slice_name: 5',
      'queries/reports/Other.yaml': queryYaml('3b9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d', dbUuid),
    });
    expect((await postImport(w.admin, stray)).status).toBe(200);
  });

  it('uses a database already here only when the user may use it', async () => {
    const zip = (dbUuid: string) =>
      bundle('SavedQuery', {
        'queries/x/q.yaml': queryYaml('4c9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d', dbUuid),
      });
    const vaultUuid = (await db()
      .selectFrom('dbs')
      .select('uuid')
      .where('id', '=', w.vaultId)
      .executeTakeFirst())!.uuid;
    const missing = '9f9f9f9f-0000-4000-8000-000000000000';
    for (const uuid of [vaultUuid, missing]) {
      const res = await postImport(sam, await zip(uuid));
      expect(res.status).toBe(422);
      expect(res.body).toEqual(
        commandError({
          'queries/x/q.yaml': {
            database_uuid: [`Database ${uuid} is neither in the bundle nor on this server`],
          },
        }),
      );
    }
    const ok = await postImport(sam, await zip(shopUuid));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await savedQueryByUuid('4c9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d')).toMatchObject({
      db_id: w.shopId,
      user_id: w.ids.sam,
      label: 'Imported query',
    });
  });

  it('maps the examples placeholder onto the examples database', async () => {
    const examples = await w.admin.post<{ id: number }>('/api/v1/database/', {
      database_name: 'examples',
      sqlalchemy_uri: `sqlite:///${analytics.file}`,
      expose_in_sqllab: true,
    });
    expect(examples.status, JSON.stringify(examples.body)).toBe(201);
    const zip = await bundle('SavedQuery', {
      'databases/examples.yaml': `database_name: examples
sqlalchemy_uri: __SQLALCHEMY_EXAMPLES_URI__
uuid: a2dc77af-e654-49bb-b321-40f6b559a1ee
version: 1.0.0
`,
      'queries/examples/public/Cities.yaml': queryYaml(
        '5d9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d',
        'a2dc77af-e654-49bb-b321-40f6b559a1ee',
        { schema: 'public', label: 'Cities' },
      ),
    });
    const res = await postImport(w.admin, zip);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await savedQueryByUuid('5d9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d')).toMatchObject({
      db_id: examples.body.id,
      schema: 'main',
    });
    const dbs = await db().selectFrom('dbs').select('id').where('database_name', '=', 'examples');
    expect(await dbs.execute()).toHaveLength(1);
  });

  it('answers bad bundles with their problems, never a 500', async () => {
    expect((await postImport(sam, null)).status).toBe(400);
    expect((await postImport(sam, new TextEncoder().encode('not a zip at all, no'))).status).toBe(
      400,
    );
    const wrongType = await postImport(sam, await bundle('Dashboard', {}));
    expect(wrongType.status).toBe(422);
    expect(wrongType.body).toEqual(
      commandError({ 'metadata.yaml': { type: ['Must be equal to SavedQuery.'] } }),
    );
    const bad = await postImport(
      sam,
      await bundle('SavedQuery', {
        'queries/a.yaml': `label: [1]\nuuid: nope\nversion: 1.0.0\ndatabase_uuid: ${shopUuid}\n`,
        'queries/b.yaml': 'sql: "unterminated\n',
        'queries/c.yaml': queryYaml('6e9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d', shopUuid),
        'queries/d.yaml': queryYaml('6e9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d', shopUuid),
      }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual(
      commandError({
        'queries/a.yaml': {
          label: ['Not a valid string.'],
          sql: ['Missing data for required field.'],
          uuid: ['Not a valid UUID.'],
        },
        'queries/b.yaml': 'Not a valid YAML file',
        'queries/d.yaml': { uuid: ['queries/c.yaml has the same uuid'] },
      }),
    );
    expect(await savedQueryByUuid('6e9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d')).toBeUndefined();
    // A label-less query of Superset's is stored under a name.
    const unnamed = await postImport(
      sam,
      await bundle('SavedQuery', {
        'queries/e.yaml': `label: null\nsql: SELECT 3\nuuid: 7f9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d\nversion: 1.0.0\ndatabase_uuid: ${shopUuid}\n`,
      }),
    );
    expect(unnamed.status, JSON.stringify(unnamed.body)).toBe(200);
    expect((await savedQueryByUuid('7f9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d'))!.label).toBe(
      'Untitled Query',
    );
  });

  it('ignores the queries/ files of a dashboard, chart or dataset bundle', async () => {
    const queryUuid = '8a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d';
    const dashboardUuid = 'c0ffee00-1111-4222-8333-444455556666';
    const queries = {
      'queries/shop/main/Q.yaml': queryYaml(queryUuid, shopUuid),
      'queries/shop/broken.yaml': 'sql: [',
    };
    const dashboard = await bundle('Dashboard', {
      ...queries,
      'dashboards/Board.yaml': `dashboard_title: Board with queries
uuid: ${dashboardUuid}
position: {}
metadata: {}
version: 1.0.0
`,
    });
    const res = await postImport(w.admin, dashboard, {}, 'dashboard');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(
      await db()
        .selectFrom('dashboards')
        .select('id')
        .where('uuid', '=', dashboardUuid)
        .executeTakeFirst(),
    ).toBeDefined();
    const datasetUuid = 'd0ffee00-1111-4222-8333-444455556666';
    const dataset = await bundle('SqlaTable', {
      ...queries,
      'datasets/shop/customers.yaml': `table_name: customers
schema: null
uuid: ${datasetUuid}
database_uuid: ${shopUuid}
version: 1.0.0
`,
    });
    const ds = await postImport(w.admin, dataset, {}, 'dataset');
    expect(ds.status, JSON.stringify(ds.body)).toBe(200);
    const chart = await bundle('Slice', {
      ...queries,
      'charts/C.yaml': `slice_name: C
viz_type: table
params: {}
uuid: e0ffee00-1111-4222-8333-444455556666
dataset_uuid: ${datasetUuid}
version: 1.0.0
`,
    });
    const ch = await postImport(w.admin, chart, {}, 'chart');
    expect(ch.status, JSON.stringify(ch.body)).toBe(200);
    expect(await savedQueryByUuid(queryUuid)).toBeUndefined();
  });
});
