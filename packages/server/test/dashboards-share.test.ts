/**
 * Copying dashboards ("Save as", with or without their charts), permalinks and the pages that
 * open dashboards and permalinks; and who sees a dashboard with DASHBOARD_RBAC.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import {
  dashboardWorld,
  layoutOf,
  makeDashboard,
  type DashboardWorld,
} from './helpers/dashboard-world.js';
import { metadataTargets, tempDir } from './helpers/metadata-targets.js';
import { startServer, type TestServer } from './helpers/server.js';

const targets = await metadataTargets();

type Problems = { message: Record<string, string[]> };
interface Dashboard {
  result: {
    id: number;
    dashboard_title: string;
    published: boolean;
    css: string | null;
    json_metadata: string;
    position_json: string;
    owners: Array<{ id: number }>;
  };
}
interface Chart {
  result: { id: number; slice_name: string; owners: Array<{ id: number }> };
}

describe.each(targets)('sharing dashboards on $name metadata', (target) => {
  let server: TestServer;
  let w: DashboardWorld;
  let dist: string;
  let source: number;

  beforeAll(async () => {
    dist = tempDir('strata-dist-');
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><body><div id="app"></div></body></html>',
    );
    server = await startServer(target, { STRATA_WEB_DIST: dist });
    w = await dashboardWorld(server, 'share');
    source = await makeDashboard(w.admin, {
      dashboard_title: 'Source board',
      slug: 'source-board',
      published: true,
      css: '.a {}',
      position_json: JSON.stringify(layoutOf([w.salesChart])),
      json_metadata: JSON.stringify({
        color_scheme: 'supersetColors',
        expanded_slices: { [w.salesChart]: true },
        timed_refresh_immune_slices: [w.salesChart],
        native_filter_configuration: [],
      }),
    });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  describe('copy', () => {
    const metadata = (extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        color_scheme: 'bnbColors',
        positions: layoutOf([w.salesChart]),
        ...extra,
      });

    it('copies a dashboard for the caller, keeping its charts', async () => {
      const res = await w.gina.post<{ result: { id: number; last_modified_time: number } }>(
        `/api/v1/dashboard/${source}/copy/`,
        { dashboard_title: 'My copy', css: '.b {}', json_metadata: metadata() },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(Object.keys(res.body.result).sort()).toEqual(['id', 'last_modified_time']);
      expect(Number.isInteger(res.body.result.last_modified_time)).toBe(true);
      const id = res.body.result.id;
      expect(id).not.toBe(source);
      const got = await w.gina.get<Dashboard>(`/api/v1/dashboard/${id}`);
      expect(got.status).toBe(200);
      expect(got.body.result).toMatchObject({
        dashboard_title: 'My copy',
        css: '.b {}',
        published: false,
        owners: [expect.objectContaining({ id: w.ids.gina })],
      });
      expect(got.body.result.owners).toHaveLength(1);
      expect(JSON.parse(got.body.result.position_json)).toEqual(layoutOf([w.salesChart]));
      const meta = JSON.parse(got.body.result.json_metadata);
      expect(meta).toMatchObject({
        color_scheme: 'bnbColors',
        expanded_slices: { [w.salesChart]: true },
        native_filter_configuration: [],
      });
      expect(meta).not.toHaveProperty('positions');
      const charts = await w.gina.get<{ result: Array<{ id: number }> }>(
        `/api/v1/dashboard/${id}/charts`,
      );
      expect(charts.body.result.map((c) => c.id)).toEqual([w.salesChart]);
      // The source is unchanged.
      const src = await w.admin.get<Dashboard>(`/api/v1/dashboard/${source}`);
      expect(src.body.result.dashboard_title).toBe('Source board');
      expect(src.body.result.owners.map((o) => o.id)).not.toContain(w.ids.gina);
    });

    it('duplicates the charts with duplicate_slices and remaps the layout', async () => {
      const res = await w.gina.post<{ result: { id: number } }>(
        '/api/v1/dashboard/source-board/copy/',
        { dashboard_title: 'Deep copy', json_metadata: metadata(), duplicate_slices: true },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const id = res.body.result.id;
      const charts = await w.gina.get<{ result: Array<{ id: number; slice_name: string }> }>(
        `/api/v1/dashboard/${id}/charts`,
      );
      expect(charts.body.result).toHaveLength(1);
      const copy = charts.body.result[0]!;
      expect(copy.id).not.toBe(w.salesChart);
      expect(copy.slice_name).toBe('Sales table');
      const chart = await w.gina.get<Chart>(`/api/v1/chart/${copy.id}`);
      expect(chart.body.result.owners.map((o) => o.id)).toEqual([w.ids.gina]);
      const got = await w.gina.get<Dashboard>(`/api/v1/dashboard/${id}`);
      const layout = JSON.parse(got.body.result.position_json);
      const expected = layoutOf([w.salesChart]) as Record<string, { meta: { chartId: number } }>;
      expected[`CHART-${w.salesChart}`]!.meta.chartId = copy.id;
      expect(layout).toEqual(expected);
      const meta = JSON.parse(got.body.result.json_metadata);
      expect(meta.expanded_slices).toEqual({ [copy.id]: true });
      expect(meta.timed_refresh_immune_slices).toEqual([copy.id]);
      // The original chart stays where it was.
      const original = await w.admin.get<{ result: { dashboards: Array<{ id: number }> } }>(
        `/api/v1/chart/${w.salesChart}`,
      );
      expect(original.body.result.dashboards.map((d) => d.id)).not.toContain(id);
    });

    it('uses the source layout when the metadata has no positions', async () => {
      const res = await w.admin.post<{ result: { id: number } }>(
        `/api/v1/dashboard/${source}/copy/`,
        { dashboard_title: '', json_metadata: '{}' },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const got = await w.admin.get<Dashboard>(`/api/v1/dashboard/${res.body.result.id}`);
      expect(got.body.result.dashboard_title).toBe('[ untitled dashboard ]');
      expect(JSON.parse(got.body.result.position_json)).toEqual(layoutOf([w.salesChart]));
    });

    it('refuses bad bodies, unknown charts and hidden sources', async () => {
      const missing = await w.gina.post<Problems>(`/api/v1/dashboard/${source}/copy/`, {
        dashboard_title: 'x',
      });
      expect(missing.status).toBe(400);
      expect(Object.keys(missing.body.message)).toEqual(['json_metadata']);
      const notJson = await w.gina.post<Problems>(`/api/v1/dashboard/${source}/copy/`, {
        json_metadata: '{nope',
      });
      expect(notJson.status).toBe(400);
      expect(notJson.body.message).toEqual({ json_metadata: ['JSON not valid'] });
      const unknown = await w.gina.post<Problems>(`/api/v1/dashboard/${source}/copy/`, {
        json_metadata: JSON.stringify({ positions: layoutOf([w.secretChart]) }),
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message.json_metadata![0]).toMatch(/does not exist or you may not read/);
      const draft = await makeDashboard(w.admin, { dashboard_title: 'Hidden draft' });
      expect(
        (await w.gina.post(`/api/v1/dashboard/${draft}/copy/`, { json_metadata: '{}' })).status,
      ).toBe(404);
      expect(
        (await w.gina.post('/api/v1/dashboard/999999/copy/', { json_metadata: '{}' })).status,
      ).toBe(404);
    });
  });

  describe('permalinks', () => {
    it('keeps a dashboard state under a key and answers it', async () => {
      const state = {
        urlParams: [['standalone', '1']],
        dataMask: { 'NATIVE_FILTER-1': { filterState: { value: ['east'] } } },
        activeTabs: ['TAB-1'],
        anchor: 'CHART-1',
      };
      const made = await w.gina.post<{ key: string; url: string }>(
        '/api/v1/dashboard/source-board/permalink',
        state,
      );
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(made.body.url).toBe(`${server.baseUrl}/superset/dashboard/p/${made.body.key}/`);
      const got = await w.gina.get<{ state: Record<string, unknown> }>(
        `/api/v1/dashboard/permalink/${made.body.key}`,
      );
      expect(got.status).toBe(200);
      expect(got.body.state).toEqual({ dashboardId: source, ...state });
      const byId = await w.admin.post<{ key: string }>(`/api/v1/dashboard/${source}/permalink`, {});
      expect(byId.status).toBe(201);
      expect(byId.body.key).not.toBe(made.body.key);
      const empty = await w.admin.get<{ state: Record<string, unknown> }>(
        `/api/v1/dashboard/permalink/${byId.body.key}`,
      );
      expect(empty.body.state).toEqual({ dashboardId: source });
    });

    it('refuses bad states, unknown and expired keys, and hidden dashboards', async () => {
      for (const body of [
        { urlParams: 'a=1' },
        { activeTabs: [1] },
        { dataMask: [] },
        { anchor: 'x"><script>' },
      ]) {
        const res = await w.admin.post<Problems>(`/api/v1/dashboard/${source}/permalink`, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(typeof res.body.message).toBe('object');
      }
      expect((await w.admin.get('/api/v1/dashboard/permalink/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(
        404,
      );
      expect((await w.admin.get('/api/v1/dashboard/permalink/not-a-key')).status).toBe(404);
      expect((await w.admin.post('/api/v1/dashboard/nope/permalink', {})).status).toBe(404);

      const made = await w.admin.post<{ key: string }>(`/api/v1/dashboard/${source}/permalink`, {});
      // The source needs sales access: Gus may not open its links.
      expect((await w.gus.get(`/api/v1/dashboard/permalink/${made.body.key}`)).status).toBe(404);
      expect((await w.gus.post(`/api/v1/dashboard/${source}/permalink`, {})).status).toBe(404);

      const draft = await makeDashboard(w.admin, { dashboard_title: 'Draft to share' });
      const link = await w.admin.post<{ key: string }>(`/api/v1/dashboard/${draft}/permalink`, {});
      expect((await w.admin.get(`/api/v1/dashboard/permalink/${link.body.key}`)).status).toBe(200);
      expect((await w.gina.get(`/api/v1/dashboard/permalink/${link.body.key}`)).status).toBe(404);

      // Expired entries of the key-value store are gone.
      await server.strata.store.db
        .updateTable('key_value')
        .set({ expires_on: new Date(Date.now() - 1000).toISOString() })
        .where('resource', '=', 'dashboard_permalink')
        .execute();
      expect((await w.admin.get(`/api/v1/dashboard/permalink/${link.body.key}`)).status).toBe(404);
    });
  });

  describe('pages', () => {
    let browser: ApiClient;
    beforeAll(async () => {
      browser = new ApiClient(server.baseUrl);
      await browser.loginWithForm('gina', 'password-123');
    });
    const page = (p: string, cookie: string | null = browser.cookie) =>
      fetch(`${server.baseUrl}${p}`, {
        redirect: 'manual',
        headers: cookie ? { cookie } : {},
      });

    it('serves the app at the dashboard addresses', async () => {
      for (const p of [
        '/superset/dashboard/source-board/',
        `/superset/dashboard/${source}/`,
        `/dashboard/${source}/`,
        '/superset/dashboard/source-board/?edit=true',
      ]) {
        const res = await page(p);
        expect(res.status, p).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/text\/html/);
        expect(await res.text()).toContain('data-bootstrap=');
      }
      const anon = await page(`/superset/dashboard/${source}/`, null);
      expect(anon.status).toBe(302);
      expect(anon.headers.get('location')).toBe(
        `/login/?next=${encodeURIComponent(`/superset/dashboard/${source}/`)}`,
      );
    });

    /** The answers a page carries for the calls it makes first (see web/preload.ts). */
    const preloaded = async (p: string, cookie: string | null = browser.cookie) => {
      const html = await (await page(p, cookie)).text();
      const m = /<script type="application\/json" id="strata-preloaded">(.*?)<\/script>/s.exec(
        html,
      );
      return { html, answers: m ? (JSON.parse(m[1]!) as Record<string, unknown>) : null };
    };

    it("carries a dashboard's first answers in its page, as the API gives them to its visitor", async () => {
      const { answers } = await preloaded('/superset/dashboard/source-board/');
      const base = '/api/v1/dashboard/source-board';
      expect(Object.keys(answers ?? {}).sort()).toEqual([
        base,
        `${base}/charts`,
        `${base}/datasets`,
      ]);
      for (const [p, answer] of Object.entries(answers ?? {}))
        expect(answer, p).toEqual((await w.gina.get(p)).body);
      // Someone who may not see the dashboard gets no answers in the page, only the app.
      const gus = new ApiClient(server.baseUrl);
      await gus.loginWithForm('gus', 'password-123');
      const statuses = await Promise.all(
        [base, `${base}/charts`, `${base}/datasets`].map(
          async (p) => [p, (await w.gus.get(p)).status] as const,
        ),
      );
      const theirs = await preloaded('/superset/dashboard/source-board/', gus.cookie);
      expect(Object.keys(theirs.answers ?? {}).sort()).toEqual(
        statuses
          .filter(([, status]) => status === 200)
          .map(([p]) => p)
          .sort(),
      );
      // Other pages carry none.
      expect((await preloaded('/dashboard/list/')).answers).toBeNull();
    });

    it('writes the answers so that no text in them can end the data block', async () => {
      const title = '</script><script>alert(1)</script><!-- & \u2028';
      const id = await makeDashboard(w.admin, {
        dashboard_title: title,
        published: true,
        position_json: JSON.stringify(layoutOf([w.salesChart])),
      });
      const { html, answers } = await preloaded(`/superset/dashboard/${id}/`);
      expect(html).not.toContain('<script>alert(1)');
      expect(html.match(/<\/script>/g)).toHaveLength((html.match(/<script/g) ?? []).length);
      const info = answers?.[`/api/v1/dashboard/${id}`] as { result: { dashboard_title: string } };
      expect(info.result.dashboard_title).toBe(title);
    });

    it('redirects a permalink page to its dashboard, with the key, parameters and anchor', async () => {
      const made = await w.gina.post<{ key: string }>(`/api/v1/dashboard/${source}/permalink`, {
        urlParams: [['standalone', '1']],
        anchor: 'CHART-9',
      });
      const res = await page(`/superset/dashboard/p/${made.body.key}/`);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(
        `/superset/dashboard/source-board/?permalink_key=${made.body.key}&standalone=1#CHART-9`,
      );
      const plain = await w.gina.post<{ key: string }>(`/api/v1/dashboard/${source}/permalink`, {});
      expect((await page(`/superset/dashboard/p/${plain.body.key}`)).headers.get('location')).toBe(
        `/superset/dashboard/source-board/?permalink_key=${plain.body.key}`,
      );
      const unknown = await page('/superset/dashboard/p/AAAAAAAAAAAAAAAAAAAAAA/');
      expect(unknown.status).toBe(302);
      expect(unknown.headers.get('location')).toBe('/dashboard/list/');
      const anon = await page(`/superset/dashboard/p/${plain.body.key}/`, null);
      expect(anon.status).toBe(302);
      expect(anon.headers.get('location')).toMatch(/^\/login\/\?next=/);
    });
  });
});

describe.each(targets)('DASHBOARD_RBAC visibility on $name metadata', (target) => {
  let server: TestServer;
  let w: DashboardWorld;
  const boards: Record<string, number> = {};

  beforeAll(async () => {
    server = await startServer(target, { STRATA_FEATURE_FLAGS: '{"DASHBOARD_RBAC": true}' });
    w = await dashboardWorld(server, 'rbac');
    const layout = (ids: number[]) => JSON.stringify(layoutOf(ids));
    boards.roles = await makeDashboard(w.admin, {
      dashboard_title: 'R viewers',
      published: true,
      roles: [w.roles.board_viewers],
      position_json: layout([w.salesChart, w.secretChart]),
    });
    boards.rolesDraft = await makeDashboard(w.admin, {
      dashboard_title: 'R viewers draft',
      roles: [w.roles.board_viewers],
      position_json: layout([w.salesChart]),
    });
    boards.noRoles = await makeDashboard(w.admin, {
      dashboard_title: 'R open',
      published: true,
      position_json: layout([w.salesChart]),
    });
  });
  afterAll(async () => server?.close());

  const titles = async (client: ApiClient) =>
    (
      await client.get<{ result: Array<{ dashboard_title: string }> }>('/api/v1/dashboard/', {
        filters: [{ col: 'dashboard_title', opr: 'sw', value: 'R ' }],
        order_column: 'dashboard_title',
        order_direction: 'asc',
      })
    ).body.result.map((d) => d.dashboard_title);

  it("shows a dashboard with roles to its roles' users only, and its datasets", async () => {
    expect(await titles(w.gus)).toEqual(['R viewers']);
    expect(await titles(w.gina)).toEqual(['R open']);
    expect((await w.gina.get(`/api/v1/dashboard/${boards.roles}`)).status).toBe(404);
    const datasets = await w.gus.get<{ result: Array<{ id: number }> }>(
      `/api/v1/dashboard/${boards.roles}/datasets`,
    );
    expect(datasets.status).toBe(200);
    expect(datasets.body.result.map((d) => d.id)).toEqual([w.salesDataset, w.secretDataset]);
    expect((await w.gus.get(`/api/v1/dashboard/${boards.rolesDraft}`)).status).toBe(404);
    expect(await titles(w.admin)).toEqual(['R open', 'R viewers', 'R viewers draft']);
  });

  it('lets only owners copy with DASHBOARD_RBAC', async () => {
    const res = await w.gus.post<{ message: string }>(`/api/v1/dashboard/${boards.roles}/copy/`, {
      json_metadata: '{}',
    });
    expect(res.status).toBe(403);
  });
});
