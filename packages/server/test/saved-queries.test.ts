import { scheduleQueryBody, type TabStateDto } from '@strata/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './helpers/client.js';
import { makeSqliteAnalytics } from './helpers/analytics.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { startServer, type TestServer } from './helpers/server.js';
import { FORM, setupSqlLabWorld, textForm, type SqlLabWorld } from './helpers/sqllab-world.js';

const targets = await metadataTargets();

/** A schedule form as Superset's docs show one (STRATA_SCHEDULED_QUERIES). */
const SCHEDULE_FORM = {
  JSONSCHEMA: {
    type: 'object',
    properties: {
      output_table: { type: 'string', title: 'Output table name' },
      start_date: { type: 'string', title: 'Start date', format: 'date-time' },
    },
    required: ['output_table'],
  },
  VALIDATION: [],
};

interface SavedQuery {
  id: number;
  label: string;
  description: string | null;
  db_id: number;
  database: { id: number; database_name: string };
  schema: string | null;
  catalog: string | null;
  sql: string;
  sql_tables: Array<{ table: string; schema: string | null; catalog: string | null }>;
  template_parameters: string | null;
  extra_json: string | null;
  created_by: { id: number } | null;
  changed_on: string;
}
interface One {
  id: number;
  result: SavedQuery;
}

describe.each(targets)('saved queries on $name metadata', (target) => {
  let server: TestServer;
  let w: SqlLabWorld;
  let sam: ApiClient;
  let samForm: ApiClient;
  let sue: ApiClient;
  let gina: ApiClient;
  const analytics = makeSqliteAnalytics();

  beforeAll(async () => {
    server = await startServer(target, { STRATA_SCHEDULED_QUERIES: JSON.stringify(SCHEDULE_FORM) });
    w = await setupSqlLabWorld(server, analytics.file);
    sam = await w.login('sam');
    samForm = await w.loginForm('sam');
    sue = await w.login('sue');
    gina = await w.login('gina');
  });
  afterAll(async () => {
    await server?.close();
    analytics.drop();
  });

  const create = (c: ApiClient, body: Record<string, unknown>) =>
    c.post<One>('/api/v1/saved_query/', body);

  it('saves a query and answers the full record, with the tables it reads', async () => {
    const res = await create(sam, {
      label: 'Big orders',
      description: 'Orders over 100',
      db_id: w.shopId,
      schema: 'main',
      sql: 'SELECT o.* FROM orders o JOIN main.customers c ON c.id = o.customer_id',
      template_parameters: '{"min": 100}',
      extra_json: '{}',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.id).toEqual(expect.any(Number));
    const expected = {
      id: res.body.id,
      label: 'Big orders',
      description: 'Orders over 100',
      db_id: w.shopId,
      database: { id: w.shopId, database_name: 'shop' },
      schema: 'main',
      catalog: null,
      sql: 'SELECT o.* FROM orders o JOIN main.customers c ON c.id = o.customer_id',
      sql_tables: [
        { table: 'orders', schema: null, catalog: null },
        { table: 'customers', schema: 'main', catalog: null },
      ],
      template_parameters: '{"min": 100}',
      extra_json: '{}',
      created_by: expect.objectContaining({ id: w.ids.sam }),
    };
    expect(res.body.result).toMatchObject(expected);
    const got = await sam.get<One>(`/api/v1/saved_query/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body.result).toMatchObject(expected);
    expect(got.body.result.changed_on).toEqual(expect.any(String));

    const broken = await create(sam, { label: 'Broken', db_id: w.shopId, sql: 'SELEC oops (' });
    expect(broken.status).toBe(201);
    expect(broken.body.result.sql_tables).toEqual([]);
  });

  it('refuses bad bodies with messages, and databases the caller may not use', async () => {
    const missing = await create(sam, { description: 'no label' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body as unknown as { message: object }).length).toBeGreaterThan(0);
    const fields = (missing.body as unknown as { message: Record<string, string[]> }).message;
    expect(Object.keys(fields).sort()).toEqual(['body.db_id', 'body.label', 'body.sql']);
    for (const bad of [
      { label: 'x', db_id: 'one', sql: 'SELECT 1' },
      { label: ' ', db_id: w.shopId, sql: 'SELECT 1' },
      { label: 'x', db_id: w.shopId, sql: 'SELECT 1', extra_json: '[1]' },
      { label: 'x', db_id: w.shopId, sql: 'SELECT 1', owner: 3 },
    ]) {
      const res = await create(sam, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body).toHaveProperty('message');
    }
    const vault = await create(sam, { label: 'x', db_id: w.vaultId, sql: 'SELECT 1' });
    expect(vault.status).toBe(422);
    expect(vault.body).toEqual({ message: { db_id: ['Database does not exist'] } });
    expect((await create(gina, { label: 'x', db_id: w.shopId, sql: 'SELECT 1' })).status).toBe(403);
  });

  it('lets only the owner or an admin see, change and delete a saved query', async () => {
    const { body } = await create(sam, { label: 'Mine', db_id: w.shopId, sql: 'SELECT 1' });
    const id = body.id;
    const upd = await sam.put<One>(`/api/v1/saved_query/${id}`, {
      label: 'Mine, renamed',
      sql: 'SELECT * FROM customers',
      template_parameters: null,
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.result).toMatchObject({
      id,
      label: 'Mine, renamed',
      sql_tables: [{ table: 'customers', schema: null, catalog: null }],
    });
    expect((await sam.get<One>(`/api/v1/saved_query/${id}`)).body.result.label).toBe(
      'Mine, renamed',
    );
    expect((await sam.put(`/api/v1/saved_query/${id}`, { db_id: w.vaultId })).status).toBe(422);
    expect((await sam.put(`/api/v1/saved_query/${id}`, { label: 5 })).status).toBe(400);

    // Sue: the query does not exist for her.
    expect((await sue.get(`/api/v1/saved_query/${id}`)).status).toBe(404);
    expect((await sue.put(`/api/v1/saved_query/${id}`, { label: 'hers' })).status).toBe(404);
    expect((await sue.delete(`/api/v1/saved_query/${id}`)).status).toBe(404);
    const list = await sue.get<{ ids: number[] }>('/api/v1/saved_query/');
    expect(list.body.ids).not.toContain(id);
    expect((await sam.get<One>(`/api/v1/saved_query/${id}`)).body.result.label).toBe(
      'Mine, renamed',
    );

    // An admin may.
    const byAdmin = await w.admin.put<One>(`/api/v1/saved_query/${id}`, { description: 'checked' });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.result.description).toBe('checked');
    expect((await w.admin.delete(`/api/v1/saved_query/${id}`)).status).toBe(200);
    expect((await sam.get(`/api/v1/saved_query/${id}`)).status).toBe(404);

    const again = await create(sam, { label: 'Again', db_id: w.shopId, sql: 'SELECT 1' });
    expect((await sam.delete(`/api/v1/saved_query/${again.body.id}`)).status).toBe(200);
  });

  it('leaves a tab without its saved query when the query is deleted', async () => {
    const saved = await create(sam, { label: 'On a tab', db_id: w.shopId, sql: 'SELECT 1' });
    const tab = await sam.post<{ id: number }>('/tabstateview/', {
      queryEditor: { name: 'Tab', dbId: w.shopId, remoteId: saved.body.id },
    });
    expect(tab.status).toBe(200);
    expect((await sam.get<TabStateDto>(`/tabstateview/${tab.body.id}`)).body.saved_query).toEqual({
      id: saved.body.id,
    });
    expect((await sam.delete(`/api/v1/saved_query/${saved.body.id}`)).status).toBe(200);
    expect(
      (await sam.get<TabStateDto>(`/tabstateview/${tab.body.id}`)).body.saved_query,
    ).toBeNull();
  });

  it('schedules a query through the legacy form, its schedule kept in extra_json', async () => {
    const schedule = { schedule_info: { output_table: 'daily', start_date: '2026-01-01' } };
    const res = await samForm.request<{
      id: number;
      item: Record<string, unknown>;
      message: string;
      severity: string;
    }>(
      'POST',
      '/savedqueryviewapi/api/create',
      textForm({
        label: 'Nightly',
        description: '',
        db_id: String(w.shopId),
        schema: 'main',
        sql: 'SELECT * FROM orders',
        extra_json: JSON.stringify(schedule),
      }),
      FORM,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      message: 'Added Row',
      severity: 'info',
      item: {
        label: 'Nightly',
        db_id: w.shopId,
        schema: 'main',
        description: null,
        sql: 'SELECT * FROM orders',
      },
    });
    const got = await samForm.get<One>(`/api/v1/saved_query/${res.body.id}`);
    expect(JSON.parse(got.body.result.extra_json!)).toEqual(schedule);

    const json = await sam.post('/savedqueryviewapi/api/create', {
      label: 'From JSON',
      db_id: w.shopId,
      sql: 'SELECT 1',
    });
    expect(json.status).toBe(200);

    const bad = await samForm.request<{ message: string; errors: Record<string, string[]> }>(
      'POST',
      '/savedqueryviewapi/api/create',
      textForm({ label: 'No SQL', db_id: 'x', extra_json: 'not json' }),
      FORM,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid form');
    expect(Object.keys(bad.body.errors).sort()).toEqual(['db_id', 'extra_json', 'sql']);
    const vault = await sam.post('/savedqueryviewapi/api/create', {
      label: 'v',
      db_id: w.vaultId,
      sql: 'SELECT 1',
    });
    expect(vault.status).toBe(422);
    const gamma = await gina.post('/savedqueryviewapi/api/create', {
      label: 'g',
      db_id: w.shopId,
      sql: 'SELECT 1',
    });
    expect(gamma.status).toBe(403);
  });
  it('gives SQL Lab the schedule form, and saves what its Schedule dialog sends', async () => {
    const boot = await sam.get<{ result: { common: { conf: Record<string, unknown> } } }>(
      '/api/v1/sqllab/',
    );
    expect(boot.status).toBe(200);
    expect(boot.body.result.common.conf.SCHEDULED_QUERIES).toEqual(SCHEDULE_FORM);
    const body = scheduleQueryBody({
      label: 'Every night',
      description: '',
      dbId: w.shopId,
      schema: 'main',
      catalog: null,
      sql: 'SELECT * FROM orders',
      templateParams: null,
      values: { output_table: 'nightly', start_date: '2027-01-01T09:00:00.000Z' },
    });
    const res = await sam.post<{ id: number }>('/savedqueryviewapi/api/create', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const got = await sam.get<One>(`/api/v1/saved_query/${res.body.id}`);
    expect(got.body.result).toMatchObject({ label: 'Every night', sql: 'SELECT * FROM orders' });
    expect(JSON.parse(got.body.result.extra_json!)).toEqual({
      schedule_info: { output_table: 'nightly', start_date: '2027-01-01T09:00:00.000Z' },
    });
  });
});
