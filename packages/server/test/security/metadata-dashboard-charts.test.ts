/**
 * Issue 16 point 19: a dashboard's `/charts` (and `/datasets`, which the dashboard page's preload
 * also serves) show only the charts whose datasets the viewer may read, or that the dashboard's
 * roles grant with DASHBOARD_RBAC — chart data's own rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/client.js';
import {
  dashboardWorld,
  layoutOf,
  makeDashboard,
  type DashboardWorld,
} from '../helpers/dashboard-world.js';
import { metadataTargets } from '../helpers/metadata-targets.js';
import { startServer, type TestServer } from '../helpers/server.js';

const targets = await metadataTargets();

interface Listed {
  result: Array<{ id: number; form_data?: unknown; query_context?: unknown }>;
}

async function chartIds(client: ApiClient, dashboard: number): Promise<number[]> {
  const res = await client.get<Listed>(`/api/v1/dashboard/${dashboard}/charts`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.map((c) => c.id).sort((a, b) => a - b);
}

async function datasetIds(client: ApiClient, dashboard: number): Promise<number[]> {
  const res = await client.get<Listed>(`/api/v1/dashboard/${dashboard}/datasets`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.map((d) => d.id).sort((a, b) => a - b);
}

describe.each(targets)('dashboard contents on $name metadata', (target) => {
  for (const rbac of [false, true]) {
    describe(`DASHBOARD_RBAC ${rbac ? 'on' : 'off'}`, () => {
      let server: TestServer;
      let w: DashboardWorld;
      let open: number;
      let withRoles: number;
      beforeAll(async () => {
        server = await startServer(target, {
          STRATA_FEATURE_FLAGS: JSON.stringify({ DASHBOARD_RBAC: rbac }),
        });
        w = await dashboardWorld(server, 'contents');
        const charts = [w.salesChart, w.secretChart];
        const body = {
          published: true,
          position_json: JSON.stringify(layoutOf(charts)),
        };
        open = await makeDashboard(w.admin, { ...body, dashboard_title: 'Both datasets' });
        withRoles = await makeDashboard(w.admin, {
          ...body,
          dashboard_title: 'Both datasets, for board viewers',
          roles: [w.roles.board_viewers, w.roles.sales_readers],
        });
      }, 90_000);
      afterAll(async () => {
        await server?.close();
      });

      it('leaves out, for a Gamma who sees the dashboard, the chart on a dataset it cannot read', async () => {
        const gina = await w.gina.get(`/api/v1/dashboard/${open}`);
        expect(gina.status).toBe(200);
        expect(await chartIds(w.gina, open)).toEqual([w.salesChart]);
        expect(await datasetIds(w.gina, open)).toEqual([w.salesDataset]);
        const answer = await w.gina.get(`/api/v1/dashboard/${open}/charts`);
        expect(JSON.stringify(answer.body)).not.toContain('Secret table');
        // Admin and Alpha (all datasource access) see both.
        expect(await chartIds(w.admin, open)).toEqual([w.salesChart, w.secretChart].sort());
        expect(await chartIds(w.alfie, open)).toEqual([w.salesChart, w.secretChart].sort());
      });

      it('follows the dashboard roles grant exactly as chart data does', async () => {
        const both = [w.salesChart, w.secretChart].sort((a, b) => a - b);
        if (rbac) {
          // The dashboard's roles grant its charts' datasets to the viewers who hold one.
          expect(await chartIds(w.gus, withRoles)).toEqual(both);
          expect(await datasetIds(w.gus, withRoles)).toEqual(
            [w.salesDataset, w.secretDataset].sort((a, b) => a - b),
          );
          expect(await chartIds(w.gina, withRoles)).toEqual(both);
        } else {
          // Without the feature the roles grant nothing: Gina keeps her one dataset's chart.
          expect(await chartIds(w.gina, withRoles)).toEqual([w.salesChart]);
        }
        const data = await w.gus.post('/api/v1/chart/data', {
          datasource: { id: w.secretDataset, type: 'table' },
          queries: [{ columns: ['id'], row_limit: 5 }],
          form_data: { dashboardId: withRoles, slice_id: w.secretChart },
          result_format: 'json',
          result_type: 'full',
        });
        // What the list shows and what chart data answers agree.
        if (rbac) expect(data.status, JSON.stringify(data.body)).toBe(200);
        else expect([403, 404]).toContain(data.status);
      });
    });
  }
});
