import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { signedInGammaUser } from './helpers/users.js';

const targets = await metadataTargets();

describe.each(targets)('event log on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let dashboardId: number;

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    const now = new Date().toISOString();
    const row = await server.strata.store.db
      .insertInto('dashboards')
      .values({
        uuid: randomUUID(),
        dashboard_title: 'World bank',
        slug: 'world',
        position_json: null,
        json_metadata: null,
        css: null,
        description: null,
        published: true,
        certified_by: null,
        certification_details: null,
        is_managed_externally: false,
        external_url: null,
        created_on: now,
        changed_on: now,
        created_by_fk: null,
        changed_by_fk: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    dashboardId = row.id;
  });
  afterAll(async () => server?.close());

  it('stores each event with the user and time, and recent activity reads them', async () => {
    const events = [
      {
        event_name: 'mount_dashboard',
        source: 'dashboard',
        source_id: dashboardId,
        ts: Date.now(),
        event_type: 'user',
      },
      {
        event_name: 'load_chart',
        source: 'dashboard',
        source_id: dashboardId,
        ts: Date.now(),
        duration: 120,
      },
    ];
    const res = await admin.post(`/superset/log/?explode=events&dashboard_id=${dashboardId}`, {
      events,
    });
    expect(res.status).toBe(200);
    const log = await admin.get<{
      result: Array<{
        action: string;
        user_id: number;
        dashboard_id: number;
        duration_ms: number | null;
        dttm: string;
      }>;
    }>('/api/v1/log/');
    expect(log.body.result.map((r) => r.action).sort()).toEqual(['load_chart', 'mount_dashboard']);
    expect(
      log.body.result.every((r) => r.dashboard_id === dashboardId && typeof r.dttm === 'string'),
    ).toBe(true);
    expect(log.body.result.find((r) => r.action === 'load_chart')!.duration_ms).toBe(120);

    const recent = await admin.get<{ result: Array<Record<string, unknown>> }>(
      '/api/v1/log/recent_activity/',
      { page_size: 5 },
    );
    expect(recent.body.result).toHaveLength(1);
    expect(recent.body.result[0]).toMatchObject({
      item_type: 'dashboard',
      item_title: 'World bank',
      item_url: '/superset/dashboard/world/',
    });
    expect(typeof recent.body.result[0]!.time_delta_humanized).toBe('string');
  });

  it('files an event under the chart or dashboard it names, and lists only what the user still sees', async () => {
    const db = server.strata.store.db;
    const now = new Date().toISOString();
    const draft = await db
      .insertInto('dashboards')
      .values({
        uuid: randomUUID(),
        dashboard_title: 'Secret draft',
        slug: null,
        position_json: null,
        json_metadata: null,
        css: null,
        description: null,
        published: false,
        certified_by: null,
        certification_details: null,
        is_managed_externally: false,
        external_url: null,
        created_on: now,
        changed_on: now,
        created_by_fk: 1,
        changed_by_fk: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const chart = await db
      .insertInto('slices')
      .values({
        uuid: randomUUID(),
        slice_name: 'Hidden chart',
        datasource_id: 987654,
        datasource_type: 'table',
        viz_type: 'table',
        params: '{}',
        query_context: null,
        description: null,
        cache_timeout: null,
        certified_by: null,
        certification_details: null,
        is_managed_externally: false,
        external_url: null,
        last_saved_at: null,
        last_saved_by_fk: null,
        created_on: now,
        changed_on: now,
        created_by_fk: 1,
        changed_by_fk: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const events = (client: 'gamma' | 'admin') => [
      // Explore's events carry the chart's id; the endpoint names no dashboard.
      { event_name: 'mount_explorer', source: 'explore', source_id: chart.id, slice_id: chart.id },
      { event_name: 'mount_dashboard', source: 'spa', dashboard_id: draft.id, who: client },
      { event_name: 'mount_dashboard', source: 'spa', dashboard_id: dashboardId, who: client },
    ];
    const gamma = await signedInGammaUser(admin, server.baseUrl, `logger_${target.name}`);
    expect(
      (await gamma.post('/superset/log/?explode=events', { events: events('gamma') })).status,
    ).toBe(200);
    expect(
      (await admin.post('/superset/log/?explode=events', { events: events('admin') })).status,
    ).toBe(200);
    type Recent = { result: Array<{ item_title: string; item_url: string; item_type: string }> };
    const mine = await gamma.get<Recent>('/api/v1/log/recent_activity/', { page_size: 5 });
    expect(mine.body.result.map((r) => r.item_title)).toEqual(['World bank']);
    const admins = await admin.get<Recent>('/api/v1/log/recent_activity/', { page_size: 5 });
    expect(admins.body.result.map((r) => [r.item_type, r.item_title, r.item_url])).toEqual([
      ['dashboard', 'World bank', '/superset/dashboard/world/'],
      ['dashboard', 'Secret draft', `/superset/dashboard/${draft.id}/`],
      ['slice', 'Hidden chart', `/explore/?slice_id=${chart.id}`],
    ]);
  });

  it('takes events as a JSON string (form posts and beacons) and refuses bad ones', async () => {
    const asString = await admin.post('/superset/log/?explode=events', {
      events: JSON.stringify([{ event_name: 'spa_navigation', path: '/' }]),
    });
    expect(asString.status).toBe(200);
    expect((await admin.post('/superset/log/', { events: 'not json' })).status).toBe(400);
    expect((await admin.post('/superset/log/', { events: [1, 2] })).status).toBe(400);
    expect((await admin.post('/superset/log/?dashboard_id=abc', { events: [] })).status).toBe(400);
    expect(
      (await new ApiClient(server.baseUrl).post('/superset/log/', { events: [] })).status,
    ).toBe(401);
  });

  it('lists the action log with filters on action, user, time, dashboard and chart', async () => {
    const gamma = await signedInGammaUser(admin, server.baseUrl, `auditee_${target.name}`);
    const before = new Date(Date.now() - 1000).toISOString();
    const post = (c: ApiClient, events: Array<Record<string, unknown>>) =>
      c.post('/superset/log/?explode=events', { events });
    expect(
      (
        await post(gamma, [
          { event_name: 'audit_probe', source: 'dashboard', source_id: dashboardId },
          { event_name: 'audit_chart', source: 'slice', source_id: 4242, duration: 5 },
        ])
      ).status,
    ).toBe(200);
    expect((await post(admin, [{ event_name: 'audit_probe', path: '/' }])).status).toBe(200);
    type Row = {
      id: number;
      action: string;
      user: { username: string } | null;
      user_id: number;
      dttm: string;
      dashboard_id: number | null;
      slice_id: number | null;
      duration_ms: number | null;
    };
    type List = { count: number; result: Row[] };
    const probe = { col: 'action', opr: 'eq', value: 'audit_probe' };
    const all = await admin.get<List>('/api/v1/log/', { filters: [probe] });
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(2);
    expect(all.body.result.map((r) => r.user?.username).sort()).toEqual([
      'admin',
      `auditee_${target.name}`,
    ]);
    const gammaId = all.body.result.find((r) => r.user?.username !== 'admin')!.user_id;
    const byUser = await admin.get<List>('/api/v1/log/', {
      filters: [{ col: 'user', opr: 'rel_o_m', value: gammaId }],
      order_column: 'action',
      order_direction: 'asc',
    });
    expect(byUser.body.result.map((r) => r.action)).toEqual(['audit_chart', 'audit_probe']);
    const byDashboard = await admin.get<List>('/api/v1/log/', {
      filters: [probe, { col: 'dashboard_id', opr: 'eq', value: dashboardId }],
    });
    expect(byDashboard.body.result.map((r) => r.user_id)).toEqual([gammaId]);
    const byChart = await admin.get<List>('/api/v1/log/', {
      filters: [{ col: 'slice_id', opr: 'eq', value: 4242 }],
    });
    expect(byChart.body.result.map((r) => [r.action, r.duration_ms])).toEqual([['audit_chart', 5]]);
    const since = await admin.get<List>('/api/v1/log/', {
      filters: [probe, { col: 'dttm', opr: 'gt', value: before }],
    });
    expect(since.body.count).toBe(2);
    const until = await admin.get<List>('/api/v1/log/', {
      filters: [probe, { col: 'dttm', opr: 'lt', value: before }],
    });
    expect(until.body.count).toBe(0);
    const actions = await admin.get<{ result: Array<{ value: string }> }>(
      '/api/v1/log/distinct/action',
      { filter: 'audit_' },
    );
    expect(actions.body.result.map((a) => a.value)).toEqual(['audit_chart', 'audit_probe']);

    // Get by id; a non-admin sees only their own events, an anonymous caller nothing.
    const theirs = all.body.result.find((r) => r.user_id === gammaId)!;
    const mine = all.body.result.find((r) => r.user_id !== gammaId)!;
    const one = await admin.get<{ id: number; result: Row }>(`/api/v1/log/${theirs.id}`);
    expect(one.status).toBe(200);
    expect(one.body.result).toMatchObject({ action: 'audit_probe', dashboard_id: dashboardId });
    const own = await gamma.get<List>('/api/v1/log/', { filters: [probe] });
    expect(own.body.result.map((r) => r.id)).toEqual([theirs.id]);
    expect((await gamma.get(`/api/v1/log/${mine.id}`)).status).toBe(404);
    expect((await new ApiClient(server.baseUrl).get('/api/v1/log/')).status).toBe(401);
    // Read-only: no delete.
    expect((await admin.delete(`/api/v1/log/${theirs.id}`)).status).toBe(404);
  });
});
