import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';

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
});
