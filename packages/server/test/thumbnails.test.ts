/**
 * Thumbnails (issue 21 point 7, THUMBNAILS): the lists' `thumbnail_url`, the thumbnail address's
 * 302/202/200/404 answers, who may get which picture, the job making the PNG through the real
 * screenshotter (Debian's Chromium against the built web app), and a new digest after an edit.
 * Needs `npm run build` first (packages/web/dist).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import {
  ADMIN_PASSWORD,
  recordQueuedJobs,
  startServer,
  type TestServer,
} from './helpers/server.js';
import { layoutOf } from './helpers/dashboard-world.js';
import { duckdbTableDataset, saveTableChart } from './helpers/table-dataset.js';
import { signedInGammaUser, signedInUser } from './helpers/users.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const WEB_DIST = path.resolve(here, '../../web/dist');
if (!fs.existsSync(path.join(WEB_DIST, 'index.html')))
  throw new Error(`The built web app is missing (${WEB_DIST}): run npm run build first`);

const targets = await metadataTargets();

interface Row {
  id: number;
  thumbnail_url: string | null;
}
interface List {
  result: Row[];
}

const URL_OF = (kind: string, id: number) =>
  new RegExp(`^/api/v1/${kind}/${id}/thumbnail/([0-9a-f]{64})/$`);

/** Asks for a picture until it is there (or `ms` pass); answers the last answer. */
async function poll(client: ApiClient, url: string, ms = 90_000) {
  const until = Date.now() + ms;
  for (;;) {
    const res = await fetch(client.baseUrl + url, {
      headers: { authorization: `Bearer ${client.token}` },
      redirect: 'manual',
    });
    if (res.status !== 202 || Date.now() > until)
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        body: Buffer.from(await res.arrayBuffer()),
      };
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 250));
  }
}

function distinctColours(png: PNG): number {
  const seen = new Set<number>();
  for (let i = 0; i < png.data.length; i += 4 * 7)
    seen.add((png.data[i]! << 16) | (png.data[i + 1]! << 8) | png.data[i + 2]!);
  return seen.size;
}

describe('thumbnails with the flag off', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startServer(targets[0]!);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
  });
  afterAll(() => server?.close());

  it('gives no thumbnail_url and no thumbnail address (Superset registers none)', async () => {
    const dash = await admin.post<{ id: number }>('/api/v1/dashboard/', {
      dashboard_title: 'Plain',
    });
    expect(dash.status).toBe(201);
    const list = await admin.get<List>('/api/v1/dashboard/');
    expect(list.body.result.find((r) => r.id === dash.body.id)?.thumbnail_url).toBeNull();
    const res = await admin.get(`/api/v1/dashboard/${dash.body.id}/thumbnail/${'0'.repeat(64)}/`);
    expect(res.status).toBe(404);
  });
});

describe.each(targets)('thumbnails on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let alpha: ApiClient;
  let gamma: ApiClient;
  let chartId: number;
  let brokenId: number;
  let dashboardId: number;
  let datasetId: number;
  /** Thumbnail jobs queued, by job id. */
  let queued: string[] = [];

  const listUrl = async (client: ApiClient, kind: 'chart' | 'dashboard', id: number) => {
    const list = await client.get<List>(`/api/v1/${kind}/`, { page_size: 100 });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    return list.body.result.find((r) => r.id === id)?.thumbnail_url;
  };

  beforeAll(async () => {
    server = await startServer(target, {
      STRATA_WEB_DIST: WEB_DIST,
      STRATA_FEATURE_FLAGS: JSON.stringify({ THUMBNAILS: true }),
      STRATA_SCREENSHOT_LOAD_WAIT: '40',
    });
    queued = recordQueuedJobs(server, 'thumbnail.');
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    gamma = await signedInGammaUser(admin, server.baseUrl, 'gwen');
    alpha = await signedInUser(admin, server.baseUrl, 'al', 'Alpha');

    ({ datasetId } = await duckdbTableDataset(
      server.dataDir,
      admin,
      `thumbs_${target.name}`,
      'sales',
      `CREATE TABLE sales AS SELECT i AS id, CASE WHEN i % 2 = 0 THEN 'retail' ELSE 'online' END AS channel,
         i * 10 AS amount FROM range(1, 41) t(i)`,
    ));
    const chart = (name: string, params: Record<string, unknown>) =>
      saveTableChart(admin, datasetId, name, params);
    const metric = {
      expressionType: 'SIMPLE',
      column: { column_name: 'amount' },
      aggregate: 'SUM',
      label: 'Amount',
    };
    chartId = await chart('Amount by channel', { viz_type: 'pie', groupby: ['channel'], metric });
    brokenId = await chart('Broken', {
      viz_type: 'big_number_total',
      metric,
      adhoc_filters: [
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'no_such_column = 1' },
      ],
    });
    const dash = await admin.post<{ id: number }>('/api/v1/dashboard/', {
      dashboard_title: 'Sales',
      published: true,
      position_json: JSON.stringify(layoutOf([chartId])),
    });
    expect(dash.status, JSON.stringify(dash.body)).toBe(201);
    dashboardId = dash.body.id;
  });
  afterAll(() => server?.close());

  it("lists carry each object's thumbnail address, one per user", async () => {
    const chartUrl = await listUrl(admin, 'chart', chartId);
    expect(chartUrl).toMatch(URL_OF('chart', chartId));
    expect(await listUrl(admin, 'dashboard', dashboardId)).toMatch(
      URL_OF('dashboard', dashboardId),
    );
    // The picture is made as the asking user (STRATA_THUMBNAIL_EXECUTOR=current_user).
    const alphaUrl = await listUrl(alpha, 'chart', chartId);
    expect(alphaUrl).toMatch(URL_OF('chart', chartId));
    expect(alphaUrl).not.toBe(chartUrl);
    // The address is in the API's description.
    const doc = await admin.get<{ paths: Record<string, unknown> }>('/api/v1/_openapi');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toContain('/api/v1/chart/{id}/thumbnail/{digest}/');
    // The get answer carries it too.
    const one = await admin.get<{ result: Row }>(`/api/v1/chart/${chartId}`);
    expect(one.body.result.thumbnail_url).toBe(chartUrl);
  });

  it('sends a stale digest to the current one, and answers 202 while the picture is made, once', async () => {
    const url = (await listUrl(admin, 'chart', chartId))!;
    const stale = await admin.get(`/api/v1/chart/${chartId}/thumbnail/${'a'.repeat(64)}/`);
    expect(stale.status).toBe(302);
    expect(stale.headers.get('location')).toBe(url);
    const first = await admin.get(url);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ message: 'OK' });
    const again = await admin.get(url);
    expect([200, 202]).toContain(again.status);
    const digest = URL_OF('chart', chartId).exec(url)![1]!;
    expect(queued.filter((j) => j.includes(digest))).toHaveLength(1);

    const shot = await poll(admin, url);
    expect(shot.status, shot.body.toString().slice(0, 300)).toBe(200);
    expect(shot.type).toBe('image/png');
    const png = PNG.sync.read(shot.body);
    expect([png.width, png.height]).toEqual([800, 600]);
    expect(distinctColours(png)).toBeGreaterThan(20);
    expect(queued.filter((j) => j.includes(digest))).toHaveLength(1);
  });

  it("makes a dashboard's picture from a 1600×1200 window at 800×600", async () => {
    const url = (await listUrl(admin, 'dashboard', dashboardId))!;
    const shot = await poll(admin, url);
    expect(shot.status, shot.body.toString().slice(0, 300)).toBe(200);
    const png = PNG.sync.read(shot.body);
    expect([png.width, png.height]).toEqual([800, 600]);
    expect(distinctColours(png)).toBeGreaterThan(20);
    if (target.name === targets[0]!.name)
      fs.mkdirSync(path.resolve(here, '../../../e2e/artifacts'), { recursive: true });
    if (target.name === targets[0]!.name)
      fs.writeFileSync(
        path.resolve(here, '../../../e2e/artifacts/thumbnail-dashboard.png'),
        shot.body,
      );
  });

  it('keeps a failure for a while: the address answers 404 without making it again', async () => {
    const url = (await listUrl(admin, 'chart', brokenId))!;
    const shot = await poll(admin, url);
    expect(shot.status).toBe(404);
    expect(JSON.parse(shot.body.toString())).toEqual({
      message: 'The thumbnail could not be made',
    });
    const digest = URL_OF('chart', brokenId).exec(url)![1]!;
    expect((await admin.get(url)).status).toBe(404);
    expect(queued.filter((j) => j.includes(digest))).toHaveLength(1);
  });

  it('never answers a picture, a digest or a redirect for an object the user may not read', async () => {
    const adminUrl = (await listUrl(admin, 'chart', chartId))!;
    // Gamma has no access to the dataset: the chart and the dashboard are not in its lists.
    expect(await listUrl(gamma, 'chart', chartId)).toBeUndefined();
    expect(await listUrl(gamma, 'dashboard', dashboardId)).toBeUndefined();
    for (const url of [
      adminUrl,
      `/api/v1/chart/${chartId}/thumbnail/${'b'.repeat(64)}/`,
      (await listUrl(admin, 'dashboard', dashboardId))!,
      `/api/v1/dashboard/${dashboardId}/thumbnail/x/`,
      `/api/v1/chart/999999/thumbnail/${'c'.repeat(64)}/`,
    ]) {
      const res = await gamma.get(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('location')).toBeNull();
    }
    // Anonymous: refused by the access rule.
    expect((await new ApiClient(server.baseUrl).get(adminUrl)).status).toBe(401);
    // Bad ids and digests: clear 4xx, never a 500 (a path part over 100 characters: 414).
    expect((await admin.get(`/api/v1/chart/abc/thumbnail/${'a'.repeat(64)}/`)).status).toBe(404);
    expect((await admin.get(`/api/v1/chart/${chartId}/thumbnail/${'a'.repeat(200)}/`)).status).toBe(
      414,
    );
  });

  it('gives a new digest after an edit, to the chart and to its dashboard, and a new picture', async () => {
    const chartBefore = (await listUrl(admin, 'chart', chartId))!;
    const dashBefore = (await listUrl(admin, 'dashboard', dashboardId))!;
    const edited = await admin.put(`/api/v1/chart/${chartId}`, {
      params: JSON.stringify({
        viz_type: 'pie',
        groupby: ['channel'],
        metric: 'count',
        datasource: `${datasetId}__table`,
        time_range: 'No filter',
        donut: true,
      }),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const chartAfter = (await listUrl(admin, 'chart', chartId))!;
    const dashAfter = (await listUrl(admin, 'dashboard', dashboardId))!;
    expect(chartAfter).toMatch(URL_OF('chart', chartId));
    expect(chartAfter).not.toBe(chartBefore);
    expect(dashAfter).not.toBe(dashBefore);
    // The old address sends to the new one, which is made anew.
    const old = await admin.get(chartBefore);
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(chartAfter);
    expect((await admin.get(chartAfter)).status).toBe(202);
    const shot = await poll(admin, chartAfter);
    expect(shot.status).toBe(200);
    expect(PNG.sync.read(shot.body).width).toBe(800);
  });
});
