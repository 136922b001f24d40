import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidToKey } from '../src/key_value/keys.js';
import { ApiClient } from './helpers/client.js';
import { makeSqliteAnalytics } from './helpers/analytics.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { startServer, type TestServer } from './helpers/server.js';
import { FORM, setupSqlLabWorld, textForm, type SqlLabWorld } from './helpers/sqllab-world.js';

const targets = await metadataTargets();

describe.each(targets)('shared queries and SQL Lab permalinks on $name metadata', (target) => {
  let server: TestServer;
  let w: SqlLabWorld;
  let sam: ApiClient; // cookie session
  let sue: ApiClient; // may use the same database as sam
  let lou: ApiClient; // SQL Lab, but no database
  let gina: ApiClient; // Gamma
  let ordersDataset: number;
  let vaultDataset: number;
  const analytics = makeSqliteAnalytics();

  beforeAll(async () => {
    server = await startServer(target);
    w = await setupSqlLabWorld(server, analytics.file);
    sam = await w.loginForm('sam');
    sue = await w.login('sue');
    gina = await w.login('gina');
    const roles = await w.admin.get<{ result: Array<{ id: number }> }>('/api/v1/security/roles/', {
      filters: [{ col: 'name', opr: 'eq', value: 'sql_lab' }],
    });
    await w.admin.post('/api/v1/security/users/', {
      username: 'lou',
      first_name: 'Lou',
      last_name: 'Tester',
      email: 'lou@example.com',
      password: 'password-123',
      roles: [roles.body.result[0]!.id],
    });
    lou = await w.login('lou');
    const ds = async (database: number) => {
      const res = await w.admin.post<{ id: number }>('/api/v1/dataset/', {
        database,
        schema: 'main',
        table_name: 'orders',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id;
    };
    ordersDataset = await ds(w.shopId);
    vaultDataset = await ds(w.vaultId);
  });
  afterAll(async () => {
    await server?.close();
    analytics.drop();
  });

  it('stores a shared query under an unguessable id and answers its text', async () => {
    const query = {
      name: 'Shared',
      dbId: w.shopId,
      schema: 'main',
      autorun: false,
      sql: 'SELECT 1',
    };
    // Superset's client: a form whose `data` is the query's JSON text.
    const stored = await sam.request<{ id: string }>(
      'POST',
      '/kv/store/',
      textForm({ data: JSON.stringify(query) }),
      FORM,
    );
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const got = await sam.get(`/kv/${stored.body.id}/`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(got.body).toEqual(query);
    // Shared: a colleague who may use the database reads it; one who may not does not.
    expect((await sue.get(`/kv/${stored.body.id}`)).body).toEqual(query);
    expect((await lou.get(`/kv/${stored.body.id}/`)).status).toBe(404);

    const json = await sue.post<{ id: string }>('/kv/store/', { data: { sql: 'SELECT 2' } });
    expect(json.status).toBe(200);
    expect((await sue.get(`/kv/${json.body.id}/`)).body).toEqual({ sql: 'SELECT 2' });
    const text = await sue.post<{ id: string }>('/kv/store/', { data: 'plain text' });
    expect((await sue.get(`/kv/${text.body.id}/`)).body).toBe('plain text');
  });

  it('refuses missing or oversized values, and unknown ids', async () => {
    const missing = await sue.post('/kv/store/', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: { data: ['Missing data for required field.'] } });
    const big = await sue.post('/kv/store/', { data: 'x'.repeat(1024 * 1024 + 1) });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: 'The value is too large (at most 1 MB)' });
    const bigForm = await sam.request(
      'POST',
      '/kv/store/',
      textForm({ data: 'é'.repeat(600_000) }),
      FORM,
    );
    expect(bigForm.status).toBe(413);
    const justUnder = await sue.post('/kv/store/', { data: 'y'.repeat(1024 * 1024) });
    expect(justUnder.status).toBe(200);
    for (const id of ['1', '2', 'nope', 'A'.repeat(22), '..%2F..%2Fetc']) {
      expect((await sue.get(`/kv/${id}/`)).status, id).toBe(404);
    }
  });

  it('stores SQL Lab permalinks and reads them back', async () => {
    const state = {
      dbId: w.shopId,
      name: 'Orders tab',
      schema: 'main',
      catalog: null,
      autorun: false,
      sql: 'SELECT * FROM orders',
      templateParams: '{"a": 1}',
    };
    const res = await sam.post<{ key: string; url: string }>('/api/v1/sqllab/permalink', state);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(res.body.url).toBe(`${server.baseUrl}/sqllab/p/${res.body.key}`);
    const got = await sam.get(`/api/v1/sqllab/permalink/${res.body.key}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(state);
    // Another user who may use the database opens the link; one who may not gets 404.
    expect((await sue.get(`/api/v1/sqllab/permalink/${res.body.key}`)).body).toEqual(state);
    expect((await lou.get(`/api/v1/sqllab/permalink/${res.body.key}`)).status).toBe(404);
    // Keys of one kind of entry are not keys of another.
    expect((await sam.get(`/kv/${res.body.key}/`)).status).toBe(404);
    const two = await sam.post<{ key: string }>('/api/v1/sqllab/permalink', state);
    expect(two.body.key).not.toBe(res.body.key);
  });

  it('refuses bad permalink bodies (400) and databases the caller may not use (422)', async () => {
    const missing = await sam.post<{ message: Record<string, string[]> }>(
      '/api/v1/sqllab/permalink',
      { dbId: w.shopId },
    );
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.message).sort()).toEqual(['body.name', 'body.sql']);
    const typed = await sam.post('/api/v1/sqllab/permalink', {
      dbId: 'x',
      name: 'n',
      sql: 'SELECT 1',
    });
    expect(typed.status).toBe(400);
    const vault = await sam.post('/api/v1/sqllab/permalink', {
      dbId: w.vaultId,
      name: 'n',
      sql: 'SELECT 1',
    });
    expect(vault.status).toBe(422);
    expect(vault.body).toEqual({ message: { dbId: ['Database does not exist'] } });
    expect((await sam.get('/api/v1/sqllab/permalink/notakey')).status).toBe(404);
  });

  it('forgets expired entries', async () => {
    const uuid = randomUUID();
    await server.strata.store.db
      .insertInto('key_value')
      .values({
        uuid,
        resource: 'sqllab_permalink',
        value: JSON.stringify({ dbId: w.shopId, name: 'old', sql: 'SELECT 1' }),
        created_on: new Date().toISOString(),
        changed_on: new Date().toISOString(),
        created_by_fk: w.ids.sam,
        expires_on: new Date(Date.now() - 1000).toISOString(),
      })
      .execute();
    expect((await sam.get(`/api/v1/sqllab/permalink/${uuidToKey(uuid)}`)).status).toBe(404);
  });

  it('refuses users without SQL Lab (403) and anonymous callers (401)', async () => {
    const anonymous = new ApiClient(server.baseUrl);
    const calls: Array<[string, string, unknown]> = [
      ['POST', '/kv/store/', { data: 'x' }],
      ['GET', '/kv/AAAAAAAAAAAAAAAAAAAAAA/', undefined],
      ['POST', '/api/v1/sqllab/permalink', { dbId: w.shopId, name: 'n', sql: 'SELECT 1' }],
      ['GET', '/api/v1/sqllab/permalink/AAAAAAAAAAAAAAAAAAAAAA', undefined],
      ['POST', '/superset/sqllab/', { sql: 'SELECT 1', dbId: w.shopId }],
      ['POST', '/sqllab/', { sql: 'SELECT 1', dbId: w.shopId }],
    ];
    for (const [method, path, body] of calls) {
      expect((await gina.request(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await anonymous.request(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
  });

  it('opens a chart query in SQL Lab from a form post: stored, then a redirect to its link', async () => {
    const res = await sam.request(
      'POST',
      '/superset/sqllab/',
      textForm({
        form_data: JSON.stringify({
          datasourceKey: `${ordersDataset}__table`,
          sql: 'SELECT status, COUNT(*) FROM orders GROUP BY status',
        }),
      }),
      FORM,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(302);
    const location = res.headers.get('location')!;
    const m = /^\/sqllab\/p\/([A-Za-z0-9_-]{22})$/.exec(location);
    expect(m, location).not.toBeNull();
    const state = await sam.get(`/api/v1/sqllab/permalink/${m![1]}`);
    expect(state.status).toBe(200);
    expect(state.body).toEqual({
      dbId: w.shopId,
      name: 'Query orders',
      sql: 'SELECT status, COUNT(*) FROM orders GROUP BY status',
      schema: 'main',
      catalog: null,
      autorun: false,
      datasourceKey: `${ordersDataset}__table`,
    });

    // Plain fields, on /sqllab/, with the CSRF token as a form field (a form sets no header).
    const formOnly = new ApiClient(server.baseUrl);
    formOnly.cookie = sam.cookie;
    const flat = await formOnly.request(
      'POST',
      '/sqllab/',
      textForm({ dbId: String(w.shopId), sql: 'SELECT 2', csrf_token: sam.csrf! }),
      FORM,
    );
    expect(flat.status, JSON.stringify(flat.body)).toBe(302);
    const key = /\/sqllab\/p\/(.+)$/.exec(flat.headers.get('location')!)![1]!;
    expect((await sue.get(`/api/v1/sqllab/permalink/${key}`)).body).toMatchObject({
      dbId: w.shopId,
      sql: 'SELECT 2',
      name: 'Untitled Query',
    });
    const noToken = await formOnly.request(
      'POST',
      '/sqllab/',
      textForm({ dbId: String(w.shopId), sql: 'SELECT 2' }),
      FORM,
    );
    expect(noToken.status).toBe(400);
    expect(noToken.body).toEqual({ message: 'The CSRF token is missing.' });
    const wrongToken = await formOnly.request(
      'POST',
      '/sqllab/',
      textForm({ dbId: String(w.shopId), sql: 'SELECT 2', csrf_token: 'forged' }),
      FORM,
    );
    expect(wrongToken.status).toBe(400);
    expect(wrongToken.body).toEqual({ message: 'The CSRF token is invalid.' });
  });

  it('refuses form posts for datasets or databases the caller may not use, and bad forms', async () => {
    const post = (fields: Record<string, string>) =>
      sam.request<{ message: unknown }>('POST', '/superset/sqllab/', textForm(fields), FORM);
    // A dataset that is gone, or not the caller's to read: SQL Lab opens on the key and says
    // the datasource could not be loaded (its dataset call answers 404 too), never a bare 404.
    for (const id of [vaultDataset, 999999]) {
      const res = await post({ datasourceKey: `${id}__table`, sql: 'SELECT 1' });
      expect(res.status, JSON.stringify(res.body)).toBe(302);
      expect(res.headers.get('location')).toBe(`/sqllab/?datasourceKey=${id}__table`);
      expect([403, 404]).toContain((await sam.get(`/api/v1/dataset/${id}`)).status);
    }
    expect((await post({ dbId: String(w.vaultId), sql: 'SELECT 1' })).status).toBe(422);
    const cases: Array<Record<string, string>> = [
      { datasourceKey: 'orders', sql: 'SELECT 1' },
      { datasourceKey: `${ordersDataset}__table` },
      { sql: 'SELECT 1' },
      { form_data: '{broken' },
      { dbId: 'one', sql: 'SELECT 1' },
    ];
    for (const fields of cases) {
      const res = await post(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.message, JSON.stringify(fields)).toBeTruthy();
    }
    // A JSON body works as the form does.
    const json = await sam.post('/superset/sqllab/', { dbId: w.shopId, sql: 'SELECT 3' });
    expect(json.status).toBe(302);
  });
});
