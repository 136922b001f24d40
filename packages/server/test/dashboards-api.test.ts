/**
 * The dashboard API: get by id or slug, its charts and datasets, writes with layout and metadata
 * validation, owners-only edits and deletes, who sees which dashboard, favourites.
 */
import { MESSAGES } from '@strata/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dashboardWorld,
  layoutOf,
  makeDashboard,
  type Created,
  type DashboardWorld,
} from './helpers/dashboard-world.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { startServer, type TestServer } from './helpers/server.js';

const targets = await metadataTargets();

type Problems = { message: Record<string, string[]> };
interface ListBody {
  count: number;
  result: Array<{ id: number; dashboard_title: string }>;
}

describe.each(targets)('the dashboard API on $name metadata', (target) => {
  let server: TestServer;
  let w: DashboardWorld;

  beforeAll(async () => {
    server = await startServer(target);
    w = await dashboardWorld(server, 'dash');
  });
  afterAll(async () => server?.close());

  describe('reading', () => {
    let id: number;
    beforeAll(async () => {
      id = await makeDashboard(w.admin, {
        dashboard_title: 'Sales overview',
        slug: 'sales-overview',
        css: '.x { color: red; }',
        published: true,
        certified_by: 'Data team',
        certification_details: 'Checked',
        roles: [w.roles.board_viewers],
        position_json: JSON.stringify(layoutOf([w.salesChart, w.secretChart])),
        json_metadata: JSON.stringify({ color_scheme: 'supersetColors', refresh_frequency: 0 }),
      });
    });

    it("answers Superset's fields by id and by slug", async () => {
      const byId = await w.admin.get<{ result: Record<string, unknown> }>(
        `/api/v1/dashboard/${id}`,
      );
      expect(byId.status, JSON.stringify(byId.body)).toBe(200);
      const r = byId.body.result;
      expect(r).toMatchObject({
        id,
        dashboard_title: 'Sales overview',
        slug: 'sales-overview',
        url: '/superset/dashboard/sales-overview/',
        css: '.x { color: red; }',
        published: true,
        certified_by: 'Data team',
        certification_details: 'Checked',
        thumbnail_url: null,
        is_managed_externally: false,
        tags: [],
        roles: [{ id: w.roles.board_viewers, name: 'board_viewers' }],
        changed_by: { first_name: 'Strata' },
        created_by: { first_name: 'Strata' },
      });
      expect(typeof r.position_json).toBe('string');
      expect(JSON.parse(r.json_metadata as string)).toEqual({
        color_scheme: 'supersetColors',
        refresh_frequency: 0,
      });
      expect(JSON.parse(r.position_json as string)['CHART-' + w.salesChart].meta.chartId).toBe(
        w.salesChart,
      );
      expect((r.owners as Array<{ first_name: string }>).map((o) => o.first_name)).toEqual([
        'Strata',
      ]);
      expect(typeof r.changed_on).toBe('string');
      expect(r.changed_on_delta_humanized).toMatch(/ago|now/);
      const bySlug = await w.admin.get<{ result: Record<string, unknown> }>(
        '/api/v1/dashboard/sales-overview',
      );
      expect(bySlug.status).toBe(200);
      expect(bySlug.body.result.id).toBe(id);
      expect((await w.admin.get('/api/v1/dashboard/no-such-slug')).status).toBe(404);
      expect((await w.admin.get('/api/v1/dashboard/bad%20slug')).status).toBe(404);
      expect((await w.admin.get('/api/v1/dashboard/99999999999')).status).toBe(404);
    });

    it('lists its charts with their form data', async () => {
      const res = await w.admin.get<{ result: Array<Record<string, unknown>> }>(
        '/api/v1/dashboard/sales-overview/charts',
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.result.map((c) => c.id)).toEqual([w.salesChart, w.secretChart]);
      expect(res.body.result[0]).toMatchObject({
        id: w.salesChart,
        slice_name: 'Sales table',
        viz_type: 'table',
        datasource: `${w.salesDataset}__table`,
        url: `/explore/?slice_id=${w.salesChart}`,
        form_data: {
          viz_type: 'table',
          metrics: ['count'],
          row_limit: 10,
          slice_id: w.salesChart,
          datasource: `${w.salesDataset}__table`,
        },
        owners: [expect.objectContaining({ first_name: 'Strata' })],
      });
      expect(res.body.result[0]).toHaveProperty('changed_on');
      expect(res.body.result[0]).toHaveProperty('query_context');
      expect((await w.admin.get(`/api/v1/dashboard/${id}/charts`)).status).toBe(200);
      expect((await w.admin.get('/api/v1/dashboard/nope/charts')).status).toBe(404);
    });

    it('lists the datasets of its charts that the user may read', async () => {
      const all = await w.admin.get<{ result: Array<Record<string, unknown>> }>(
        `/api/v1/dashboard/${id}/datasets`,
      );
      expect(all.status, JSON.stringify(all.body)).toBe(200);
      expect(all.body.result.map((d) => d.id)).toEqual([w.salesDataset, w.secretDataset]);
      expect(all.body.result[0]).toMatchObject({
        uid: `${w.salesDataset}__table`,
        type: 'table',
        table_name: 'sales',
        column_names: ['id', 'region'],
      });
      expect(Array.isArray(all.body.result[0]!.columns)).toBe(true);
      expect(all.body.result[0]!.verbose_map).toBeDefined();
      const mine = await w.gina.get<{ result: Array<{ id: number }> }>(
        '/api/v1/dashboard/sales-overview/datasets',
      );
      expect(mine.status).toBe(200);
      expect(mine.body.result.map((d) => d.id)).toEqual([w.salesDataset]);
    });
  });

  describe('writing', () => {
    it('refuses layouts that are not JSON or not sound, naming position_json', async () => {
      const id = await makeDashboard(w.admin, { dashboard_title: 'Checked' });
      const put = (body: Record<string, unknown>) =>
        w.admin.put<Problems>(`/api/v1/dashboard/${id}`, body);

      const notJson = await put({ position_json: '{nope' });
      expect(notJson.status).toBe(400);
      expect(notJson.body.message).toEqual({ position_json: ['JSON not valid'] });

      const unknown = await put({ position_json: JSON.stringify(layoutOf([999_999])) });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message.position_json).toEqual([
        'Chart 999999 (CHART-999999) does not exist or you may not read it',
      ]);
      const huge = await put({ position_json: JSON.stringify(layoutOf([2 ** 40])) });
      expect(huge.status).toBe(400);

      const cyclic = layoutOf([w.salesChart]) as Record<string, { children: string[] }>;
      cyclic[`CHART-${w.salesChart}`]!.children = ['ROW-1'];
      const cycle = await put({ position_json: JSON.stringify(cyclic) });
      expect(cycle.status).toBe(400);
      expect(cycle.body.message.position_json!.join('\n')).toMatch(/cycle/);

      const fits = await put({
        position_json: JSON.stringify(layoutOf([w.salesChart, w.secretChart])),
      });
      expect(fits.status).toBe(200);
      const tooWide = layoutOf([w.salesChart, w.secretChart]) as Record<
        string,
        { meta: Record<string, unknown> }
      >;
      tooWide[`CHART-${w.salesChart}`]!.meta.width = 9;
      const over = await put({ position_json: JSON.stringify(tooWide) });
      expect(over.status).toBe(400);
      expect(over.body.message.position_json).toEqual([
        'The components of row ROW-1 are 13 columns wide, more than 12',
      ]);

      const badType = await put({
        position_data: { ROOT_ID: { type: 'ROOT', children: ['X'] }, X: { type: 'PIE' } },
      });
      expect(badType.status).toBe(400);
      expect(badType.body.message.position_data).toContain(
        'Component X has an unknown type: "PIE"',
      );
      expect((await put({ position_data: [1] })).body.message).toEqual({
        position_data: ['The layout must be a JSON object'],
      });
    });

    it('refuses metadata that is not JSON or has wrong types, naming json_metadata', async () => {
      const id = await makeDashboard(w.admin, { dashboard_title: 'Meta' });
      const put = (json_metadata: string) =>
        w.admin.put<Problems>(`/api/v1/dashboard/${id}`, { json_metadata });
      expect((await put('{nope')).body).toEqual({ message: { json_metadata: ['JSON not valid'] } });
      const wrong = await put(
        JSON.stringify({ refresh_frequency: -5, filter_bar_orientation: 'UP', custom: 1 }),
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toEqual({
        json_metadata: [
          'refresh_frequency: Must be greater than or equal to 0.',
          'filter_bar_orientation: Must be one of: VERTICAL, HORIZONTAL.',
        ],
      });
      expect((await put('[1]')).body.message).toEqual({ json_metadata: ['Must be a JSON object'] });
      const created = await w.admin.post<Problems>('/api/v1/dashboard/', {
        json_metadata: '{"stagger_refresh": "yes"}',
      });
      expect(created.status).toBe(400);
      expect(created.body.message).toEqual({
        json_metadata: ['stagger_refresh: Not a valid boolean.'],
      });
      const kept = await put(JSON.stringify({ custom: { a: 1 }, cross_filters_enabled: false }));
      expect(kept.status).toBe(200);
      const got = await w.admin.get<{ result: { json_metadata: string } }>(
        `/api/v1/dashboard/${id}`,
      );
      expect(JSON.parse(got.body.result.json_metadata)).toEqual({
        custom: { a: 1 },
        cross_filters_enabled: false,
      });
    });

    it('saves a blank title as untitled and answers last_modified_time', async () => {
      const id = await makeDashboard(w.admin, { dashboard_title: 'Named' });
      const before = Math.floor(Date.now() / 1000);
      const put = await w.admin.put<{
        id: number;
        result: { dashboard_title: string; json_metadata: string | null };
        last_modified_time: number;
      }>(`/api/v1/dashboard/${id}`, { dashboard_title: '   ' });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(put.body.id).toBe(id);
      expect(put.body.result.dashboard_title).toBe(MESSAGES.untitledDashboard);
      expect(put.body.last_modified_time).toBeGreaterThanOrEqual(before - 1);
      expect(put.body.last_modified_time).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
      expect(Number.isInteger(put.body.last_modified_time)).toBe(true);
    });

    it("takes the layout from json_metadata.positions (Superset's client) and syncs the charts", async () => {
      const id = await makeDashboard(w.admin, { dashboard_title: 'Positions' });
      const put = await w.admin.put<{ result: { json_metadata: string; position_json: string } }>(
        `/api/v1/dashboard/${id}`,
        {
          json_metadata: JSON.stringify({
            color_scheme: 'bnbColors',
            positions: layoutOf([w.salesChart]),
          }),
        },
      );
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(JSON.parse(put.body.result.json_metadata)).toEqual({ color_scheme: 'bnbColors' });
      expect(JSON.parse(put.body.result.position_json)).toEqual(layoutOf([w.salesChart]));
      const charts = await w.admin.get<{ result: Array<{ id: number }> }>(
        `/api/v1/dashboard/${id}/charts`,
      );
      expect(charts.body.result.map((c) => c.id)).toEqual([w.salesChart]);
      const bad = await w.admin.put<Problems>(`/api/v1/dashboard/${id}`, {
        json_metadata: JSON.stringify({ positions: layoutOf([999_998]) }),
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message.json_metadata).toEqual([
        'Chart 999998 (CHART-999998) does not exist or you may not read it',
      ]);
      const data = await w.admin.put(`/api/v1/dashboard/${id}`, {
        position_data: layoutOf([w.secretChart]),
      });
      expect(data.status).toBe(200);
      const after = await w.admin.get<{ result: Array<{ id: number }> }>(
        `/api/v1/dashboard/${id}/charts`,
      );
      expect(after.body.result.map((c) => c.id)).toEqual([w.secretChart]);
    });

    it('lets a user place only the charts they may read, and keeps charts already there', async () => {
      const refused = await w.gina.post<Problems>('/api/v1/dashboard/', {
        dashboard_title: 'Mine',
        position_json: JSON.stringify(layoutOf([w.secretChart])),
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message.position_json).toEqual([
        `Chart ${w.secretChart} (CHART-${w.secretChart}) does not exist or you may not read it`,
      ]);
      const id = await makeDashboard(w.gina, {
        dashboard_title: 'Mine',
        position_json: JSON.stringify(layoutOf([w.salesChart])),
      });
      // Admin adds a chart Gina cannot read and makes her an owner: she may still rearrange.
      const both = await w.admin.put(`/api/v1/dashboard/${id}`, {
        position_json: JSON.stringify(layoutOf([w.salesChart, w.secretChart])),
      });
      expect(both.status).toBe(200);
      const again = await w.gina.put(`/api/v1/dashboard/${id}`, {
        position_json: JSON.stringify(layoutOf([w.secretChart, w.salesChart])),
      });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
    });

    it('keeps slugs unique', async () => {
      await makeDashboard(w.admin, { dashboard_title: 'Slugged', slug: 'taken' });
      const dup = await w.admin.post<Problems>('/api/v1/dashboard/', { slug: 'taken' });
      expect(dup.status).toBe(422);
      expect(dup.body.message).toEqual({ slug: ['Must be unique'] });
      const other = await makeDashboard(w.admin, { dashboard_title: 'Other' });
      const put = await w.admin.put<Problems>(`/api/v1/dashboard/${other}`, { slug: 'taken' });
      expect(put.status).toBe(422);
      expect(put.body.message).toEqual({ slug: ['Must be unique'] });
    });
  });

  describe('owners', () => {
    it('lets only owners and Admin edit, publish and delete', async () => {
      const adminBoard = await makeDashboard(w.admin, {
        dashboard_title: 'Admin',
        published: true,
      });
      for (const body of [{ dashboard_title: 'x' }, { published: false }]) {
        const res = await w.gina.put<{ message: string }>(`/api/v1/dashboard/${adminBoard}`, body);
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(MESSAGES.dashboardEditForbidden);
      }
      const del = await w.gina.delete<{ message: string }>(`/api/v1/dashboard/${adminBoard}`);
      expect(del.status).toBe(403);
      expect(del.body.message).toBe(MESSAGES.dashboardEditForbidden);

      const own = await makeDashboard(w.gina, { dashboard_title: 'Gina board' });
      const publish = await w.gina.put<{ result: { published: boolean } }>(
        `/api/v1/dashboard/${own}`,
        { published: true },
      );
      expect(publish.status).toBe(200);
      expect(publish.body.result.published).toBe(true);
      expect((await w.alfie.put(`/api/v1/dashboard/${own}`, { published: false })).status).toBe(
        403,
      );
      const byAdmin = await w.admin.put<{ result: { published: boolean } }>(
        `/api/v1/dashboard/${own}`,
        { published: false },
      );
      expect(byAdmin.body.result.published).toBe(false);

      const second = await makeDashboard(w.gina, { dashboard_title: 'Gina two' });
      const mixed = await w.gina.delete(`/api/v1/dashboard/?q=!(${own},${adminBoard})`);
      expect(mixed.status).toBe(403);
      expect((await w.gina.get(`/api/v1/dashboard/${own}`)).status).toBe(200);
      const bulk = await w.gina.delete<{ message: string }>(
        `/api/v1/dashboard/?q=!(${own},${second})`,
      );
      expect(bulk.status).toBe(200);
      expect(bulk.body.message).toBe('Deleted 2 dashboards');
      expect((await w.gina.get(`/api/v1/dashboard/${own}`)).status).toBe(404);
      expect((await w.admin.delete(`/api/v1/dashboard/${adminBoard}`)).status).toBe(200);
    });
  });

  describe('visibility', () => {
    const boards: Record<string, number> = {};
    beforeAll(async () => {
      const layout = (ids: number[]) => JSON.stringify(layoutOf(ids));
      boards.draft = await makeDashboard(w.admin, {
        dashboard_title: 'V draft',
        position_json: layout([w.salesChart]),
      });
      boards.sales = await makeDashboard(w.admin, {
        dashboard_title: 'V sales',
        published: true,
        position_json: layout([w.salesChart]),
      });
      boards.empty = await makeDashboard(w.admin, { dashboard_title: 'V empty', published: true });
      boards.secret = await makeDashboard(w.admin, {
        dashboard_title: 'V secret',
        published: true,
        slug: 'v-secret',
        position_json: layout([w.secretChart]),
      });
      boards.ginaDraft = await makeDashboard(w.gina, { dashboard_title: 'V gina draft' });
    });

    const titles = async (client: DashboardWorld['gina']) =>
      (
        await client.get<ListBody>('/api/v1/dashboard/', {
          filters: [{ col: 'dashboard_title', opr: 'sw', value: 'V ' }],
          order_column: 'dashboard_title',
          order_direction: 'asc',
        })
      ).body.result.map((d) => d.dashboard_title);

    it('shows Admin everything', async () => {
      expect(await titles(w.admin)).toEqual([
        'V draft',
        'V empty',
        'V gina draft',
        'V sales',
        'V secret',
      ]);
    });

    it('shows others published dashboards with a readable dataset or no charts, and their own drafts', async () => {
      expect(await titles(w.gina)).toEqual(['V empty', 'V gina draft', 'V sales']);
      expect(await titles(w.gus)).toEqual(['V empty']);
      expect(await titles(w.alfie)).toEqual(['V empty', 'V sales', 'V secret']);
    });

    it('answers 404 for hidden dashboards by id, slug, charts and datasets', async () => {
      for (const path of [
        `/api/v1/dashboard/${boards.draft}`,
        `/api/v1/dashboard/${boards.draft}/charts`,
        `/api/v1/dashboard/${boards.draft}/datasets`,
        `/api/v1/dashboard/${boards.secret}`,
        '/api/v1/dashboard/v-secret',
        '/api/v1/dashboard/v-secret/charts',
        '/api/v1/dashboard/v-secret/datasets',
      ]) {
        const res = await w.gina.get<{ message: string }>(path);
        expect(res.status, path).toBe(404);
        expect(res.body).toEqual({ message: 'Not found' });
      }
      expect((await w.gina.get(`/api/v1/dashboard/${boards.ginaDraft}`)).status).toBe(200);
      expect((await w.gus.get(`/api/v1/dashboard/${boards.sales}`)).status).toBe(404);
      expect((await w.gina.get(`/api/v1/dashboard/${boards.sales}/charts`)).status).toBe(200);
      expect(
        (await w.gina.put(`/api/v1/dashboard/${boards.draft}`, { dashboard_title: 'x' })).status,
      ).toBe(404);
    });

    it('stars and unstars visible dashboards only', async () => {
      const star = await w.gina.post(`/api/v1/dashboard/${boards.sales}/favorites/`);
      expect(star.status).toBe(200);
      expect(star.body).toEqual({ result: 'OK' });
      const status = await w.gina.get<{ result: Array<{ id: number; value: boolean }> }>(
        '/api/v1/dashboard/favorite_status/',
        [boards.sales!, boards.empty!, boards.draft!],
      );
      expect(status.status).toBe(200);
      expect(status.body.result).toEqual([
        { id: boards.sales, value: true },
        { id: boards.empty, value: false },
      ]);
      const favs = await w.gina.get<ListBody>('/api/v1/dashboard/', {
        filters: [{ col: 'id', opr: 'dashboard_is_favorite', value: true }],
      });
      expect(favs.body.result.map((d) => d.id)).toEqual([boards.sales]);
      expect((await w.gina.delete(`/api/v1/dashboard/${boards.sales}/favorites/`)).status).toBe(
        200,
      );
      const after = await w.gina.get<{ result: Array<{ value: boolean }> }>(
        '/api/v1/dashboard/favorite_status/',
        [boards.sales!],
      );
      expect(after.body.result).toEqual([{ id: boards.sales, value: false }]);
      expect((await w.gina.post(`/api/v1/dashboard/${boards.draft}/favorites/`)).status).toBe(404);
      expect((await w.gina.delete(`/api/v1/dashboard/${boards.secret}/favorites/`)).status).toBe(
        404,
      );
    });
  });

  it('refuses writes to unknown dashboards and bad bodies with 4xx, never 500', async () => {
    const res = await w.admin.put('/api/v1/dashboard/999999', { dashboard_title: 'x' });
    expect(res.status).toBe(404);
    const badBody = await w.admin.request('PUT', '/api/v1/dashboard/1', '{"x": ', {
      'content-type': 'application/json',
    });
    expect(badBody.status).toBe(400);
    const wrongTypes = await w.admin.post<Created>('/api/v1/dashboard/', {
      position_json: 3,
      published: 'yes',
    });
    expect(wrongTypes.status).toBe(400);
  });
});
