import type { TabStateDto } from '@strata/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './helpers/client.js';
import { makeSqliteAnalytics } from './helpers/analytics.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { startServer, type TestServer } from './helpers/server.js';
import { FORM, jsonForm, setupSqlLabWorld, type SqlLabWorld } from './helpers/sqllab-world.js';

const targets = await metadataTargets();

interface Bootstrap {
  result: {
    active_tab: TabStateDto | null;
    tab_state_ids: Array<[number, string]>;
    databases: Record<string, Record<string, unknown>>;
    queries: Record<string, { id: string; sqlEditorId: string | null; db: string | null }>;
    common: { conf: Record<string, unknown> };
  };
}
type Fields = { message: Record<string, string[]> | string };

describe.each(targets)('SQL Lab tab state on $name metadata', (target) => {
  let server: TestServer;
  let w: SqlLabWorld;
  let sam: ApiClient; // session cookie + CSRF token, form bodies as Superset's client sends
  let sue: ApiClient; // bearer token, JSON bodies
  let gina: ApiClient; // Gamma: no SQL Lab
  const analytics = makeSqliteAnalytics();

  beforeAll(async () => {
    server = await startServer(target, {
      STRATA_SQL_MAX_ROW: '50000',
      STRATA_DEFAULT_SQLLAB_LIMIT: '500',
    });
    w = await setupSqlLabWorld(server, analytics.file);
    sam = await w.loginForm('sam');
    sue = await w.login('sue');
    gina = await w.login('gina');
  });
  afterAll(async () => {
    await server?.close();
    analytics.drop();
  });

  const newTab = (c: ApiClient, queryEditor: Record<string, unknown>) =>
    c.request<{ id: number }>('POST', '/tabstateview/', jsonForm({ queryEditor }), FORM);
  const getTab = (c: ApiClient, id: number) => c.get<TabStateDto>(`/tabstateview/${id}`);

  it('refuses users without SQL Lab (403) and anonymous callers (401)', async () => {
    const calls: Array<[string, string]> = [
      ['POST', '/tabstateview/'],
      ['GET', '/tabstateview/1'],
      ['PUT', '/tabstateview/1'],
      ['DELETE', '/tabstateview/1'],
      ['POST', '/tabstateview/1/activate'],
      ['POST', '/tabstateview/1/migrate_query'],
      ['DELETE', '/tabstateview/1/query/abc'],
      ['POST', '/tableschemaview/'],
      ['POST', '/tableschemaview/1/expanded'],
      ['DELETE', '/tableschemaview/1'],
      ['GET', '/api/v1/sqllab/'],
    ];
    const anonymous = new (sam.constructor as typeof ApiClient)(server.baseUrl);
    for (const [method, path] of calls) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      expect((await gina.request(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await anonymous.request(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
  });

  it('creates tabs from a form or JSON; the newest is the active one', async () => {
    const first = await newTab(sam, {
      name: 'Orders',
      dbId: w.shopId,
      schema: 'main',
      sql: 'SELECT * FROM orders',
      autorun: false,
      queryLimit: 100,
      templateParams: '{"x": 1}',
      hideLeftBar: true,
      // the rest of the client's editor is ignored
      id: 'local-id',
      northPercent: 30,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ id: expect.any(Number) });
    const tab = await getTab(sam, first.body.id);
    expect(tab.status).toBe(200);
    expect(tab.body).toEqual({
      id: first.body.id,
      user_id: w.ids.sam,
      label: 'Orders',
      active: true,
      database_id: w.shopId,
      schema: 'main',
      catalog: null,
      sql: 'SELECT * FROM orders',
      query_limit: 100,
      template_params: '{"x": 1}',
      autorun: false,
      hide_left_bar: true,
      saved_query: null,
      latest_query: null,
      extra_json: {},
      table_schemas: [],
    });

    // JSON body, queryEditor as an object; defaults for what is not given.
    const second = await sam.post<{ id: number }>('/tabstateview/', {
      queryEditor: { dbId: null },
    });
    expect(second.status).toBe(200);
    const t2 = await getTab(sam, second.body.id);
    expect(t2.body).toMatchObject({
      label: 'Untitled Query',
      sql: 'SELECT ...',
      database_id: null,
      active: true,
      autorun: false,
      hide_left_bar: false,
      query_limit: null,
    });
    expect((await getTab(sam, first.body.id)).body.active).toBe(false);

    // queryEditor as JSON text inside a JSON body works too.
    const third = await sue.post<{ id: number }>('/tabstateview/', {
      queryEditor: JSON.stringify({ title: 'Legacy title', dbId: w.shopId }),
    });
    expect(third.status).toBe(200);
    expect((await getTab(sue, third.body.id)).body.label).toBe('Legacy title');
  });

  it('answers 400 with field messages for bad bodies', async () => {
    const bad = async (c: ApiClient, path: string, body: string, headers = FORM) => {
      const res = await c.request<Fields>('POST', path, body, headers);
      expect(res.status, `${path} ${body}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.message).toBeTruthy();
      return res.body.message;
    };
    expect(await bad(sam, '/tabstateview/', '')).toEqual({
      queryEditor: ['Missing data for required field.'],
    });
    expect(await bad(sam, '/tabstateview/', 'queryEditor={not json')).toEqual({
      queryEditor: ['Not a valid JSON value'],
    });
    const typed = await bad(sam, '/tabstateview/', jsonForm({ queryEditor: { dbId: 'one' } }));
    expect(Object.keys(typed)).toEqual(['queryEditor.dbId']);
    await bad(sam, '/tabstateview/', jsonForm({ queryEditor: { queryLimit: -5 } }));
    await bad(sam, '/tabstateview/', jsonForm({ queryEditor: [1, 2] }));
    await bad(sue, '/tabstateview/', '{"queryEditor": ', { 'content-type': 'application/json' });
    await bad(sam, '/tabstateview/', jsonForm({ queryEditor: { sql: 'x'.repeat(1_000_001) } }));
  });

  it('refuses databases and saved queries the caller may not use (422)', async () => {
    const vault = await newTab(sam, { name: 'Vault', dbId: w.vaultId });
    expect(vault.status).toBe(422);
    expect(vault.body).toEqual({ message: { 'queryEditor.dbId': ['Database does not exist'] } });
    expect((await newTab(sam, { dbId: 999999 })).status).toBe(422);
    const adminSaved = await w.admin.post<{ id: number }>('/api/v1/saved_query/', {
      label: 'admin only',
      db_id: w.vaultId,
      sql: 'SELECT 1',
    });
    expect(adminSaved.status).toBe(201);
    expect((await newTab(sam, { remoteId: adminSaved.body.id })).status).toBe(422);
  });

  it('keeps changes sent as JSON-text form fields or JSON (tabs survive)', async () => {
    const { body } = await newTab(sam, { name: 'Edit me', dbId: w.shopId });
    const id = body.id;
    const form = await sam.request(
      'PUT',
      `/tabstateview/${id}`,
      jsonForm({
        sql: 'SELECT 1',
        label: 'Renamed',
        database_id: w.shopId,
        schema: 'main',
        autorun: true,
        query_limit: 250,
        template_params: '{"a": 2}',
        hide_left_bar: true,
        extra_json: JSON.stringify({ updatedAt: 5, version: 1 }),
      }),
      FORM,
    );
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    expect(form.body).toBe(id);
    const saved = await sam.post<{ id: number }>('/api/v1/saved_query/', {
      label: 'mine',
      db_id: w.shopId,
      sql: 'SELECT 1',
    });
    expect(saved.status).toBe(201);
    const json = await sam.put(`/tabstateview/${id}`, {
      schema: null,
      catalog: 'cat',
      saved_query_id: saved.body.id,
      extra_json: { updatedAt: 6 },
    });
    expect(json.status, JSON.stringify(json.body)).toBe(200);
    const again = await getTab(sam, id);
    expect(again.body).toMatchObject({
      label: 'Renamed',
      sql: 'SELECT 1',
      database_id: w.shopId,
      schema: null,
      catalog: 'cat',
      autorun: true,
      query_limit: 250,
      template_params: '{"a": 2}',
      hide_left_bar: true,
      saved_query: { id: saved.body.id },
      extra_json: { updatedAt: 6 },
    });
    // An empty change is fine and changes nothing.
    expect((await sam.put(`/tabstateview/${id}`, {})).status).toBe(200);
    expect((await getTab(sam, id)).body.label).toBe('Renamed');
  });

  it('validates changes: types, unknown fields, references', async () => {
    const { body } = await newTab(sam, { name: 'Strict', dbId: w.shopId });
    const put = (payload: string, headers = FORM) =>
      sam.request<Fields>('PUT', `/tabstateview/${body.id}`, payload, headers);
    const cases: Array<[string, number, string]> = [
      [jsonForm({ autorun: 'yes' }), 400, 'autorun'],
      [jsonForm({ query_limit: 1.5 }), 400, 'query_limit'],
      [jsonForm({ label: 'x'.repeat(300) }), 400, 'label'],
      [jsonForm({ database_id: 'abc' }), 400, 'database_id'],
      [jsonForm({ extra_json: '[1]' }), 400, 'extra_json'],
      [jsonForm({ user_id: w.ids.sue }), 400, '_schema'],
      ['sql=SELECT 1', 400, 'sql'], // form values must be JSON text
      [jsonForm({ database_id: w.vaultId }), 422, 'database_id'],
      [jsonForm({ latest_query_id: 'nope' }), 422, 'latest_query_id'],
      [jsonForm({ latest_query_id: 'bad id!' }), 400, 'latest_query_id'],
    ];
    for (const [payload, status, field] of cases) {
      const res = await put(payload);
      expect(res.status, `${payload}: ${JSON.stringify(res.body)}`).toBe(status);
      expect(Object.keys(res.body.message as Record<string, string[]>), payload).toEqual([field]);
    }
    expect((await getTab(sam, body.id)).body.label).toBe('Strict');
  });

  it('keeps exactly one active tab per user', async () => {
    const a = (await newTab(sam, { name: 'A' })).body.id;
    const b = (await newTab(sam, { name: 'B' })).body.id;
    const suesTab = (await newTab(sue, { name: 'Sue active' })).body.id;
    const act = await sam.post(`/tabstateview/${a}/activate`);
    expect(act.status).toBe(200);
    expect(act.body).toBe(a);
    const boot = await sam.get<Bootstrap>('/api/v1/sqllab/');
    expect(boot.body.result.active_tab!.id).toBe(a);
    expect((await getTab(sam, b)).body.active).toBe(false);
    const rows = await server.strata.store.db
      .selectFrom('tab_state')
      .select(['user_id', 'active'])
      .execute();
    const activeOf = (userId: number) =>
      rows.filter((r) => r.user_id === userId && (r.active === true || r.active === 1)).length;
    expect(activeOf(w.ids.sam)).toBe(1);
    expect(activeOf(w.ids.sue)).toBe(1);
    expect((await getTab(sue, suesTab)).body.active).toBe(true);
  });

  it("attaches queries to a tab and shows the latest one; never another user's", async () => {
    const tab = (await newTab(sam, { name: 'Queries', dbId: w.shopId })).body.id;
    const q0 = await w.insertQuery({ userId: w.ids.sam, dbId: w.shopId, sql: 'SELECT 0' });
    const q1 = await w.insertQuery({ userId: w.ids.sam, dbId: w.shopId, sql: 'SELECT 1' });
    const sues = await w.insertQuery({ userId: w.ids.sue, dbId: w.shopId, sql: 'SELECT sue' });
    for (const q of [q0, q1, sues]) {
      const res = await sam.request(
        'POST',
        `/tabstateview/${tab}/migrate_query`,
        jsonForm({ queryId: q }),
        FORM,
      );
      expect(res.status).toBe(200);
      expect(res.body).toBe(tab);
    }
    const editors = await server.strata.store.db
      .selectFrom('query')
      .select(['client_id', 'sql_editor_id'])
      .where('client_id', 'in', [q0, q1, sues])
      .execute();
    const editorOf = new Map(editors.map((e) => [e.client_id, e.sql_editor_id]));
    expect(editorOf.get(q0)).toBe(String(tab));
    expect(editorOf.get(q1)).toBe(String(tab));
    expect(editorOf.get(sues)).toBeNull();

    expect((await sam.put(`/tabstateview/${tab}`, { latest_query_id: sues })).status).toBe(422);
    expect((await sam.put(`/tabstateview/${tab}`, { latest_query_id: q1 })).status).toBe(200);
    const got = await getTab(sam, tab);
    expect(got.body.latest_query).toMatchObject({
      id: q1,
      dbId: w.shopId,
      db: 'shop',
      sql: 'SELECT 1',
      sqlEditorId: String(tab),
      state: 'success',
      user: 'sam',
    });
    const boot = await sam.get<Bootstrap>('/api/v1/sqllab/');
    expect(Object.keys(boot.body.result.queries).sort()).toEqual([q0, q1].sort());
    expect(boot.body.result.queries[q1]!.db).toBe('shop');

    // Removing the latest query makes the one before it the latest.
    const del = await sam.delete(`/tabstateview/${tab}/query/${q1}`);
    expect(del.status).toBe(200);
    expect(del.body).toBe('OK');
    expect((await getTab(sam, tab)).body.latest_query!.id).toBe(q0);
    // Another user's query is not removed through one's own tab.
    const sueTab = (await newTab(sue, { name: 'Sue' })).body.id;
    await w.insertQuery({
      userId: w.ids.sue,
      dbId: w.shopId,
      sqlEditorId: String(tab),
      clientId: 'sueInSam',
    });
    expect((await sam.delete(`/tabstateview/${tab}/query/sueInSam`)).status).toBe(200);
    const left = await server.strata.store.db
      .selectFrom('query')
      .select('client_id')
      .where('client_id', '=', 'sueInSam')
      .execute();
    expect(left).toHaveLength(1);
    // Nor through another user's tab.
    expect((await sam.delete(`/tabstateview/${sueTab}/query/sueInSam`)).status).toBe(404);
    expect((await sam.post(`/tabstateview/${tab}/migrate_query`, {})).status).toBe(400);
  });

  it('keeps table panels with a tab: add, replace, expand, remove', async () => {
    const tab = (await newTab(sam, { name: 'Tables', dbId: w.shopId })).body.id;
    const table = {
      dbId: w.shopId,
      queryEditorId: String(tab),
      schema: 'main',
      name: 'orders',
      expanded: true,
      columns: [{ name: 'id', type: 'INTEGER' }],
      selectStar: 'SELECT * FROM orders',
    };
    const added = await sam.request<{ id: number }>(
      'POST',
      '/tableschemaview/',
      jsonForm({ table }),
      FORM,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toEqual({ id: expect.any(Number) });
    const other = await sam.post<{ id: number }>('/tableschemaview/', {
      table: {
        dbId: w.shopId,
        queryEditorId: tab,
        schema: 'main',
        name: 'customers',
        description: { columns: [{ name: 'name' }] },
      },
    });
    expect(other.status).toBe(200);
    let got = (await getTab(sam, tab)).body;
    expect(got.table_schemas).toEqual([
      {
        id: added.body.id,
        tab_state_id: tab,
        database_id: w.shopId,
        schema: 'main',
        catalog: null,
        table: 'orders',
        description: table,
        expanded: true,
      },
      {
        id: other.body.id,
        tab_state_id: tab,
        database_id: w.shopId,
        schema: 'main',
        catalog: null,
        table: 'customers',
        description: { columns: [{ name: 'name' }] },
        expanded: true,
      },
    ]);

    // Adding the same table again replaces its panel.
    const replaced = await sam.post<{ id: number }>('/tableschemaview/', {
      table: { ...table, queryEditorId: tab, expanded: false },
    });
    expect(replaced.status).toBe(200);
    got = (await getTab(sam, tab)).body;
    expect(got.table_schemas.map((t) => t.table).sort()).toEqual(['customers', 'orders']);
    expect(got.table_schemas.find((t) => t.table === 'orders')).toMatchObject({
      id: replaced.body.id,
      expanded: false,
    });

    const exp = await sam.request(
      'POST',
      `/tableschemaview/${replaced.body.id}/expanded`,
      jsonForm({ expanded: true }),
      FORM,
    );
    expect(exp.status).toBe(200);
    expect(exp.body).toEqual({ id: replaced.body.id, expanded: true });
    expect(
      (await sue.post(`/tableschemaview/${replaced.body.id}/expanded`, { expanded: false })).status,
    ).toBe(404);
    expect(
      (await sam.post(`/tableschemaview/${replaced.body.id}/expanded`, { expanded: 'no' })).status,
    ).toBe(400);
    expect((await sue.delete(`/tableschemaview/${replaced.body.id}`)).status).toBe(404);
    expect((await getTab(sam, tab)).body.table_schemas).toHaveLength(2);

    const removed = await sam.delete(`/tableschemaview/${other.body.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toBe('OK');
    got = (await getTab(sam, tab)).body;
    expect(got.table_schemas.map((t) => t.table)).toEqual(['orders']);
    expect(got.table_schemas[0]!.expanded).toBe(true);

    // Panels only on one's own tabs, of databases one may use, with a name.
    const sueTable = await sue.post('/tableschemaview/', {
      table: { ...table, queryEditorId: tab },
    });
    expect(sueTable.status).toBe(404);
    const vault = await sam.post<Fields>('/tableschemaview/', {
      table: { ...table, dbId: w.vaultId },
    });
    expect(vault.status).toBe(422);
    expect(vault.body.message).toEqual({ 'table.dbId': ['Database does not exist'] });
    const nameless = await sam.post<Fields>('/tableschemaview/', {
      table: { dbId: w.shopId, queryEditorId: tab },
    });
    expect(nameless.status).toBe(400);
    expect(Object.keys(nameless.body.message)).toEqual(['table.name']);
    expect((await sam.post('/tableschemaview/', {})).status).toBe(400);
  });

  it("answers 404 for another user's tab, whatever the call", async () => {
    const tab = (await newTab(sam, { name: 'Private', dbId: w.shopId, sql: 'SELECT secret' })).body
      .id;
    const q = await w.insertQuery({ userId: w.ids.sue, dbId: w.shopId });
    const calls: Array<[string, string, unknown]> = [
      ['GET', `/tabstateview/${tab}`, undefined],
      ['PUT', `/tabstateview/${tab}`, { label: 'hacked' }],
      ['DELETE', `/tabstateview/${tab}`, undefined],
      ['POST', `/tabstateview/${tab}/activate`, {}],
      ['POST', `/tabstateview/${tab}/migrate_query`, { queryId: q }],
      ['DELETE', `/tabstateview/${tab}/query/${q}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const res = await sue.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const mine = await getTab(sam, tab);
    expect(mine.body).toMatchObject({ label: 'Private', sql: 'SELECT secret' });
    const sueBoot = await sue.get<Bootstrap>('/api/v1/sqllab/');
    expect(sueBoot.body.result.tab_state_ids.map(([id]) => id)).not.toContain(tab);
    // Ids that cannot exist are 404 too.
    expect((await sam.get('/tabstateview/abc')).status).toBe(404);
    expect((await sam.get('/tabstateview/99999999')).status).toBe(404);
    expect((await sam.get('/tabstateview/999999999999')).status).toBe(404);
    expect((await sam.delete('/tableschemaview/999999999999')).status).toBe(404);
  });

  it('needs the CSRF token on cookie-authenticated writes', async () => {
    const noToken = await sam.request('POST', '/tabstateview/', jsonForm({ queryEditor: {} }), {
      ...FORM,
      'x-csrftoken': '',
    });
    expect(noToken.status).toBe(400);
    expect(noToken.body).toEqual({ message: 'The CSRF token is missing.' });
  });

  it('removes a tab with its panels', async () => {
    const tab = (await newTab(sam, { name: 'Doomed', dbId: w.shopId })).body.id;
    await sam.post('/tableschemaview/', {
      table: { dbId: w.shopId, queryEditorId: tab, schema: 'main', name: 'orders' },
    });
    const del = await sam.delete(`/tabstateview/${tab}`);
    expect(del.status).toBe(200);
    expect(del.body).toBe('OK');
    expect((await getTab(sam, tab)).status).toBe(404);
    const panels = await server.strata.store.db
      .selectFrom('table_schema')
      .select('id')
      .where('tab_state_id', '=', tab)
      .execute();
    expect(panels).toHaveLength(0);
    expect((await sam.delete(`/tabstateview/${tab}`)).status).toBe(404);
  });

  it('bootstraps SQL Lab: tabs in creation order, the active tab, databases, settings', async () => {
    const boot = await sam.get<Bootstrap>('/api/v1/sqllab/');
    expect(boot.status).toBe(200);
    const r = boot.body.result;
    const mine = await server.strata.store.db
      .selectFrom('tab_state')
      .select(['id', 'label', 'active'])
      .where('user_id', '=', w.ids.sam)
      .orderBy('id')
      .execute();
    expect(r.tab_state_ids).toEqual(mine.map((t) => [t.id, t.label]));
    // The active tab was removed just before: the newest tab stands in for it.
    expect(mine.some((t) => t.active === true || t.active === 1)).toBe(false);
    expect(r.active_tab).toMatchObject({ id: mine.at(-1)!.id, active: false });
    await sam.post(`/tabstateview/${mine[0]!.id}/activate`);
    const activated = await sam.get<Bootstrap>('/api/v1/sqllab/');
    expect(activated.body.result.active_tab).toMatchObject({
      id: mine[0]!.id,
      label: mine[0]!.label,
      active: true,
    });
    expect(Object.keys(r.databases)).toEqual([String(w.shopId)]);
    expect(r.databases[String(w.shopId)]).toMatchObject({
      id: w.shopId,
      database_name: 'shop',
      backend: 'sqlite',
      expose_in_sqllab: true,
      allow_run_async: false,
      allow_dml: false,
      disable_data_preview: false,
    });
    expect(r.common.conf).toMatchObject({
      DEFAULT_SQLLAB_LIMIT: 500,
      SQL_MAX_ROW: 50000,
      DISPLAY_MAX_ROW: 10000,
      SQLLAB_BACKEND_PERSISTENCE: true,
    });

    // Admin sees every database exposed in SQL Lab; a user without tabs gets none.
    const admin = await w.admin.get<Bootstrap>('/api/v1/sqllab/');
    expect(Object.keys(admin.body.result.databases).sort()).toEqual(
      [String(w.shopId), String(w.vaultId)].sort(),
    );
    expect(admin.body.result.tab_state_ids).toEqual([]);
    expect(admin.body.result.active_tab).toBeNull();
    expect(admin.body.result.queries).toEqual({});

    // Databases hidden from SQL Lab are not listed.
    expect(
      (await w.admin.put(`/api/v1/database/${w.vaultId}`, { expose_in_sqllab: false })).status,
    ).toBe(200);
    const again = await w.admin.get<Bootstrap>('/api/v1/sqllab/');
    expect(Object.keys(again.body.result.databases)).toEqual([String(w.shopId)]);
  });

  it('lists its routes in the OpenAPI document', async () => {
    const doc = await w.admin.get<{ paths: Record<string, unknown> }>('/api/v1/_openapi');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/tabstateview/',
        '/tabstateview/{id}',
        '/tabstateview/{id}/query/{clientId}',
        '/tableschemaview/{id}/expanded',
        '/api/v1/sqllab/',
        '/api/v1/sqllab/permalink',
        '/api/v1/sqllab/permalink/{key}',
        '/kv/store/',
        '/savedqueryviewapi/api/create',
      ]),
    );
  });
});
