import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { duckdbTableDataset } from './helpers/table-dataset.js';
import { signedInGammaUser } from './helpers/users.js';

const targets = await metadataTargets();
const FLAGS = JSON.stringify({ TAGGING_SYSTEM: true });

interface TagRef {
  id: number;
  name: string;
  type: string;
}
interface Entity {
  id: number;
  type: string;
  name: string;
  url: string;
  tags: TagRef[];
}
type List<T> = { count: number; ids: number[]; result: T[] };

describe('tags with TAGGING_SYSTEM off (the default)', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startServer(targets[0]!);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
  });
  afterAll(() => server?.close());

  it('has no tag API and no tag filters on the lists', async () => {
    expect((await admin.get('/api/v1/tag/')).status).toBe(404);
    expect((await admin.post('/api/v1/tag/', { name: 'x' })).status).toBe(404);
    expect((await admin.get('/api/v1/tag/get_objects/?tags=x')).status).toBe(404);
    const filtered = await admin.get('/api/v1/dashboard/', {
      filters: [{ col: 'tags', opr: 'dashboard_tags', value: 'x' }],
    });
    expect(filtered.status).toBe(400);
  });
});

describe.each(targets)('tags on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let gamma: ApiClient;
  let dashA: number;
  let dashB: number;
  let chartId: number;
  let queryId: number;

  beforeAll(async () => {
    server = await startServer(target, { STRATA_FEATURE_FLAGS: FLAGS });
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    gamma = await signedInGammaUser(admin, server.baseUrl, 'tina');
    const a = await admin.post<{ id: number }>('/api/v1/dashboard/', {
      dashboard_title: 'Sales overview',
      published: true,
    });
    const b = await admin.post<{ id: number }>('/api/v1/dashboard/', {
      dashboard_title: 'Churn',
      published: true,
    });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    dashA = a.body.id;
    dashB = b.body.id;
    const { databaseId, datasetId } = await duckdbTableDataset(
      server.dataDir,
      admin,
      'tags',
      'sales',
      'CREATE TABLE sales AS SELECT 1 AS id',
    );
    const chart = await admin.post<{ id: number }>('/api/v1/chart/', {
      slice_name: 'Revenue',
      viz_type: 'table',
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify({ viz_type: 'table', metrics: ['count'] }),
    });
    expect(chart.status, JSON.stringify(chart.body)).toBe(201);
    chartId = chart.body.id;
    const query = await admin.post<{ id: number }>('/api/v1/saved_query/', {
      label: 'Top customers',
      db_id: databaseId,
      sql: 'SELECT 1',
    });
    expect(query.status, JSON.stringify(query.body)).toBe(201);
    queryId = query.body.id;
  });
  afterAll(() => server?.close());

  it('creates a tag with objects, shows it, lists it, renames it and deletes it', async () => {
    const made = await admin.post<{ id: number; result: Record<string, unknown> }>('/api/v1/tag/', {
      name: 'finance',
      description: 'Money things',
      objects_to_tag: [
        ['dashboard', dashA],
        ['chart', chartId],
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.result).toMatchObject({ name: 'finance', type: 'custom' });
    const id = made.body.id;
    const dup = await admin.post('/api/v1/tag/', { name: 'finance' });
    expect(dup.status).toBe(422);
    expect((await admin.post('/api/v1/tag/', { name: 'a,b' })).status).toBe(400);

    const list = await admin.get<List<TagRef>>('/api/v1/tag/', {
      filters: [{ col: 'name', opr: 'ct', value: 'fin' }],
    });
    expect(list.body.result.map((t) => t.name)).toEqual(['finance']);

    const objects = await admin.get<{ result: Entity[] }>(`/api/v1/tag/get_objects/?tagIds=${id}`);
    expect(objects.body.result.map((o) => [o.type, o.id, o.name]).sort()).toEqual(
      [
        ['chart', chartId, 'Revenue'],
        ['dashboard', dashA, 'Sales overview'],
      ].sort(),
    );
    const dashboardsOnly = await admin.get<{ result: Entity[] }>(
      '/api/v1/tag/get_objects/?tags=finance&types=dashboard',
    );
    expect(dashboardsOnly.body.result.map((o) => o.url)).toEqual([`/superset/dashboard/${dashA}/`]);

    const renamed = await admin.put(`/api/v1/tag/${id}`, {
      name: 'money',
      objects_to_tag: [['query', queryId]],
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const after = await admin.get<{ result: Entity[] }>(`/api/v1/tag/get_objects/?tags=money`);
    expect(after.body.result.map((o) => [o.type, o.id])).toEqual([['query', queryId]]);

    expect((await admin.delete(`/api/v1/tag/${id}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/tag/${id}`)).status).toBe(404);
    const gone = await admin.get<List<{ id: number; tags: TagRef[] }>>('/api/v1/saved_query/');
    expect(gone.body.result.find((q) => q.id === queryId)!.tags).toEqual([]);
  });

  it('tags and untags an object by Superset object type numbers; lists carry tags and filter by them', async () => {
    const add = await admin.post(`/api/v1/tag/3/${dashB}/`, {
      properties: { tags: ['retention', 'weekly'] },
    });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    expect(
      (await admin.post(`/api/v1/tag/2/${chartId}/`, { properties: { tags: ['weekly'] } })).status,
    ).toBe(201);
    expect(
      (await admin.post(`/api/v1/tag/1/${queryId}/`, { properties: { tags: ['weekly'] } })).status,
    ).toBe(201);
    // Datasets (4) and unknown types are not taggable here.
    expect((await admin.post(`/api/v1/tag/4/1/`, { properties: { tags: ['x'] } })).status).toBe(
      404,
    );
    expect(
      (await admin.post(`/api/v1/tag/3/999999/`, { properties: { tags: ['x'] } })).status,
    ).toBe(404);

    const dashboards = await admin.get<List<{ id: number; tags: TagRef[] }>>('/api/v1/dashboard/', {
      filters: [{ col: 'tags', opr: 'dashboard_tags', value: 'RETENT' }],
    });
    expect(dashboards.body.ids).toEqual([dashB]);
    expect(dashboards.body.result[0]!.tags.map((t) => t.name)).toEqual(['retention', 'weekly']);
    const weekly = (
      await admin.get<List<TagRef>>('/api/v1/tag/', {
        filters: [{ col: 'name', opr: 'eq', value: 'weekly' }],
      })
    ).body.result[0]!;
    const charts = await admin.get<List<{ id: number; tags: TagRef[] }>>('/api/v1/chart/', {
      filters: [{ col: 'tags', opr: 'chart_tag_id', value: weekly.id }],
    });
    expect(charts.body.ids).toEqual([chartId]);
    const related = await admin.get<{ result: Array<{ value: number; text: string }> }>(
      '/api/v1/chart/related/tags',
      { filter: 'week' },
    );
    expect(related.body.result).toEqual([{ value: weekly.id, text: 'weekly' }]);
    const queries = await admin.get<List<{ id: number }>>('/api/v1/saved_query/', {
      filters: [{ col: 'tags', opr: 'saved_query_tags', value: 'weekly' }],
    });
    expect(queries.body.ids).toEqual([queryId]);
    const one = await admin.get<{ result: { tags: TagRef[] } }>(`/api/v1/dashboard/${dashB}`);
    expect(one.body.result.tags.map((t) => t.name)).toEqual(['retention', 'weekly']);

    expect((await admin.delete(`/api/v1/tag/3/${dashB}/retention/`)).status).toBe(200);
    expect((await admin.delete(`/api/v1/tag/3/${dashB}/retention/`)).status).toBe(404);
    const left = await admin.get<{ result: Entity[] }>('/api/v1/tag/get_objects/?tags=weekly');
    expect(left.body.result.map((o) => o.type).sort()).toEqual(['chart', 'dashboard', 'query']);
    expect(left.body.result.find((o) => o.type === 'dashboard')!.tags.map((t) => t.name)).toEqual([
      'weekly',
    ]);
  });

  it('bulk creates and bulk deletes by name', async () => {
    const bulk = await admin.post<{
      result: { objects_tagged: unknown[]; objects_skipped: unknown[] };
    }>('/api/v1/tag/bulk_create', {
      tags: [
        { name: 'q1', objects_to_tag: [['dashboard', dashA]] },
        {
          name: 'q2',
          objects_to_tag: [
            ['dashboard', dashA],
            ['chart', chartId],
          ],
        },
      ],
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body.result.objects_tagged).toHaveLength(2);
    const again = await admin.post<{
      result: { objects_tagged: unknown[]; objects_skipped: unknown[] };
    }>('/api/v1/tag/bulk_create', {
      tags: [{ name: 'q1', objects_to_tag: [['dashboard', dashA]] }],
    });
    expect(again.body.result).toEqual({
      objects_tagged: [],
      objects_skipped: [['dashboard', dashA]],
    });
    const del = await admin.delete<{ message: string }>(`/api/v1/tag/?q=!(q1,q2)`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Deleted 2 tags');
    expect((await admin.delete(`/api/v1/tag/?q=!(q1)`)).status).toBe(404);
  });

  it('offers Gamma only what it may see and change', async () => {
    expect((await gamma.get('/api/v1/tag/')).status).toBe(200);
    // Gamma does not own the admin's dashboard: it may not tag it, nor untag it.
    expect(
      (await gamma.post(`/api/v1/tag/3/${dashA}/`, { properties: { tags: ['mine'] } })).status,
    ).toBe(403);
    expect((await gamma.delete(`/api/v1/tag/3/${dashB}/weekly/`)).status).toBe(403);
    // A saved query of someone else's is not even seen.
    expect(
      (await gamma.post(`/api/v1/tag/1/${queryId}/`, { properties: { tags: ['mine'] } })).status,
    ).toBe(404);
    const seen = await gamma.get<{ result: Entity[] }>('/api/v1/tag/get_objects/?tags=weekly');
    expect(seen.status).toBe(200);
    expect(seen.body.result.filter((o) => o.type === 'query')).toEqual([]);
    expect((await new ApiClient(server.baseUrl).get('/api/v1/tag/')).status).toBe(401);
  });
});
