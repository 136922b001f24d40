/**
 * Cross-filter scopes in a dashboard's json_metadata (`chart_configuration`,
 * `global_chart_configuration`, Superset's shapes): written by the scoping modal through
 * `PUT /api/v1/dashboard/{id}`, kept as written, refused when not mappings, only by editors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dashboardWorld,
  layoutOf,
  makeDashboard,
  type DashboardWorld,
} from './helpers/dashboard-world.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { startServer, type TestServer } from './helpers/server.js';

const targets = await metadataTargets();

describe.each(targets)('cross-filter scopes on $name metadata', (target) => {
  let server: TestServer;
  let w: DashboardWorld;
  beforeAll(async () => {
    server = await startServer(target);
    w = await dashboardWorld(server, 'scope');
  });
  afterAll(async () => server?.close());

  it('keeps the scopes an editor saves, with every other key', async () => {
    const id = await makeDashboard(w.admin, {
      dashboard_title: 'Scoped',
      position_json: JSON.stringify(layoutOf([w.salesChart, w.secretChart])),
      json_metadata: JSON.stringify({ color_scheme: 'supersetColors' }),
    });
    const metadata = {
      color_scheme: 'supersetColors',
      cross_filters_enabled: true,
      chart_configuration: {
        [w.salesChart]: {
          id: w.salesChart,
          crossFilters: {
            scope: { rootPath: ['ROOT_ID'], excluded: [w.salesChart] },
            chartsInScope: [w.secretChart],
          },
        },
        [w.secretChart]: {
          id: w.secretChart,
          crossFilters: { scope: 'global', chartsInScope: [] },
        },
      },
      global_chart_configuration: {
        scope: { rootPath: ['ROOT_ID'], excluded: [w.salesChart] },
        chartsInScope: [w.secretChart],
      },
    };
    const put = await w.admin.put(`/api/v1/dashboard/${id}`, {
      json_metadata: JSON.stringify(metadata),
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const got = await w.admin.get<{ result: { json_metadata: string } }>(`/api/v1/dashboard/${id}`);
    expect(JSON.parse(got.body.result.json_metadata)).toEqual(metadata);
  });

  it('refuses scopes that are not mappings, naming the key', async () => {
    const id = await makeDashboard(w.admin, { dashboard_title: 'Bad scopes' });
    const res = await w.admin.put<{ message: Record<string, string[]> }>(
      `/api/v1/dashboard/${id}`,
      {
        json_metadata: JSON.stringify({
          chart_configuration: [],
          global_chart_configuration: 'global',
        }),
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual({
      json_metadata: [
        'chart_configuration: Not a valid mapping type.',
        'global_chart_configuration: Not a valid mapping type.',
      ],
    });
  });

  it('lets only editors change them', async () => {
    const id = await makeDashboard(w.admin, { dashboard_title: 'Not yours', published: true });
    const res = await w.gus.put(`/api/v1/dashboard/${id}`, {
      json_metadata: JSON.stringify({
        global_chart_configuration: { scope: { rootPath: [], excluded: [] } },
      }),
    });
    expect(res.status).toBe(403);
  });
});
