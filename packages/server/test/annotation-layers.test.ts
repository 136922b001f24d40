import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { emptyDuckdbFile } from './helpers/table-dataset.js';

const targets = await metadataTargets();

interface Layer {
  id: number;
  name: string;
  descr: string | null;
  changed_on?: string;
  created_by?: { id: number; first_name: string } | null;
}
interface Annotation {
  id: number;
  short_descr: string;
  long_descr: string | null;
  start_dttm: string;
  end_dttm: string;
  json_metadata: string | null;
  layer: { id: number; name: string };
}
interface List<T> {
  count: number;
  ids: number[];
  result: T[];
}
interface One<T> {
  id: number;
  result: T;
}
interface Message {
  message: string | Record<string, string[]>;
}

const PASSWORD = 'password-123';

describe.each(targets)('annotation layers on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let gamma: ApiClient;
  let anonymous: ApiClient;

  const createLayer = (body: Record<string, unknown>, c: ApiClient = admin) =>
    c.post<One<Layer> & Message>('/api/v1/annotation_layer/', body);
  const createAnnotation = (layerId: number, body: Record<string, unknown>) =>
    admin.post<One<Annotation> & Message>(`/api/v1/annotation_layer/${layerId}/annotation/`, body);

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    const roles = await admin.get<{ result: Array<{ id: number }> }>('/api/v1/security/roles/', {
      filters: [{ col: 'name', opr: 'eq', value: 'Gamma' }],
    });
    const user = await admin.post('/api/v1/security/users/', {
      username: 'gwen',
      first_name: 'Gwen',
      last_name: 'Gamma',
      email: 'gwen@example.com',
      password: PASSWORD,
      active: true,
      roles: [roles.body.result[0]!.id],
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    gamma = new ApiClient(server.baseUrl);
    await gamma.loginWithToken('gwen', PASSWORD);
    anonymous = new ApiClient(server.baseUrl);
  });
  afterAll(async () => server?.close());

  it('creates, reads, lists, updates and deletes layers', async () => {
    const made = await createLayer({ name: 'Releases', descr: 'Product releases' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id;
    expect(made.body.result).toMatchObject({ id, name: 'Releases', descr: 'Product releases' });

    const got = await admin.get<One<Layer>>(`/api/v1/annotation_layer/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.result).toEqual({ id, name: 'Releases', descr: 'Product releases' });

    await createLayer({ name: 'Outages' });
    const list = await admin.get<List<Layer>>('/api/v1/annotation_layer/', {
      filters: [{ col: 'name', opr: 'ct', value: 'e' }],
      order_column: 'name',
      order_direction: 'desc',
    });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.result.map((l) => l.name)).toEqual(['Releases', 'Outages']);
    expect(list.body.result[0]!.created_by).toMatchObject({ first_name: expect.any(String) });

    const text = await admin.get<List<Layer>>('/api/v1/annotation_layer/', {
      filters: [{ col: 'name', opr: 'annotation_layer_all_text', value: 'product' }],
    });
    expect(text.body.result.map((l) => l.name)).toEqual(['Releases']);

    const put = await admin.put<One<Layer>>(`/api/v1/annotation_layer/${id}`, {
      descr: 'Shipped versions',
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.result).toMatchObject({ name: 'Releases', descr: 'Shipped versions' });

    const del = await admin.delete<Message>(`/api/v1/annotation_layer/${id}`);
    expect(del.status).toBe(200);
    expect((await admin.get(`/api/v1/annotation_layer/${id}`)).status).toBe(404);
  });

  it('refuses a layer without a name or with a name already used', async () => {
    const missing = await createLayer({ descr: 'no name' });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body.message)).toContain('name');

    await createLayer({ name: 'Unique layer' });
    const dup = await createLayer({ name: 'Unique layer' });
    expect(dup.status).toBe(422);
    expect(dup.body).toEqual({ message: { name: ['Name must be unique'] } });

    const other = await createLayer({ name: 'Other layer' });
    const rename = await admin.put<Message>(`/api/v1/annotation_layer/${other.body.id}`, {
      name: 'Unique layer',
    });
    expect(rename.status).toBe(422);
    expect(rename.body).toEqual({ message: { name: ['Name must be unique'] } });
  });

  it('manages the annotations of a layer', async () => {
    const layer = await createLayer({ name: 'Events' });
    const layerId = layer.body.id;
    const a = await createAnnotation(layerId, {
      short_descr: 'Launch',
      long_descr: 'Version 1 ships',
      start_dttm: '2024-01-02T00:00:00',
      end_dttm: '2024-01-02T00:00:00',
      json_metadata: '{"color": "red"}',
    });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body.result).toEqual({
      id: a.body.id,
      short_descr: 'Launch',
      long_descr: 'Version 1 ships',
      start_dttm: '2024-01-02T00:00:00.000Z',
      end_dttm: '2024-01-02T00:00:00.000Z',
      json_metadata: '{"color": "red"}',
      layer: { id: layerId, name: 'Events' },
    });
    const b = await createAnnotation(layerId, {
      short_descr: 'Outage',
      start_dttm: '2024-01-05T10:00:00Z',
      end_dttm: '2024-01-06T12:00:00Z',
    });
    expect(b.status, JSON.stringify(b.body)).toBe(201);

    const list = await admin.get<List<Annotation>>(
      `/api/v1/annotation_layer/${layerId}/annotation/`,
      { order_column: 'start_dttm', order_direction: 'desc' },
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.count).toBe(2);
    expect(list.body.result.map((r) => r.short_descr)).toEqual(['Outage', 'Launch']);

    const filtered = await admin.get<List<Annotation>>(
      `/api/v1/annotation_layer/${layerId}/annotation/`,
      { filters: [{ col: 'short_descr', opr: 'annotation_all_text', value: 'version' }] },
    );
    expect(filtered.body.result.map((r) => r.short_descr)).toEqual(['Launch']);

    const got = await admin.get<One<Annotation>>(
      `/api/v1/annotation_layer/${layerId}/annotation/${b.body.id}`,
    );
    expect(got.status).toBe(200);
    expect(got.body.result.start_dttm).toBe('2024-01-05T10:00:00.000Z');

    const put = await admin.put<One<Annotation>>(
      `/api/v1/annotation_layer/${layerId}/annotation/${b.body.id}`,
      { long_descr: 'Database down' },
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.result).toMatchObject({ short_descr: 'Outage', long_descr: 'Database down' });

    // Another layer does not reach these annotations.
    const other = await createLayer({ name: 'Elsewhere' });
    expect(
      (await admin.get(`/api/v1/annotation_layer/${other.body.id}/annotation/${b.body.id}`)).status,
    ).toBe(404);
    expect((await admin.get('/api/v1/annotation_layer/999999/annotation/')).status).toBe(404);

    // A layer with annotations is not deleted.
    const refused = await admin.delete<Message>(`/api/v1/annotation_layer/${layerId}`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Annotation layer has associated annotations.');

    const one = await admin.delete<Message>(
      `/api/v1/annotation_layer/${layerId}/annotation/${a.body.id}`,
    );
    expect(one.status).toBe(200);
    const c = await createAnnotation(layerId, {
      short_descr: 'Third',
      start_dttm: '2024-02-01',
      end_dttm: '2024-02-02',
    });
    const gone = await admin.request<Message>(
      'DELETE',
      `/api/v1/annotation_layer/${layerId}/annotation/?q=!(${b.body.id},${c.body.id})`,
    );
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(gone.body.message).toBe('Deleted 2 annotations');
    const empty = await admin.get<List<Annotation>>(
      `/api/v1/annotation_layer/${layerId}/annotation/`,
    );
    expect(empty.body.count).toBe(0);

    const layers = await admin.request<Message>(
      'DELETE',
      `/api/v1/annotation_layer/?q=!(${layerId},${other.body.id})`,
    );
    expect(layers.status, JSON.stringify(layers.body)).toBe(200);
    expect(layers.body.message).toBe('Deleted 2 annotation layers');
  });

  it('validates annotations as Superset does', async () => {
    const layer = await createLayer({ name: 'Checks' });
    const path = `/api/v1/annotation_layer/${layer.body.id}/annotation/`;
    const missing = await admin.post<Message>(path, {
      start_dttm: '2024-01-01',
      end_dttm: '2024-01-02',
    });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body.message)).toContain('short_descr');

    const badDate = await admin.post<Message>(path, {
      short_descr: 'x',
      start_dttm: 'yesterday',
      end_dttm: '2024-01-02',
    });
    expect(badDate.status).toBe(400);

    const badJson = await admin.post<Message>(path, {
      short_descr: 'x',
      start_dttm: '2024-01-01',
      end_dttm: '2024-01-02',
      json_metadata: '{not json',
    });
    expect(badJson.status).toBe(400);

    const reversed = await createAnnotation(layer.body.id, {
      short_descr: 'Backwards',
      start_dttm: '2024-01-03',
      end_dttm: '2024-01-02',
    });
    expect(reversed.status).toBe(422);
    expect(reversed.body).toEqual({
      message: { start_dttm: ['End date must be after start date'] },
    });

    const first = await createAnnotation(layer.body.id, {
      short_descr: 'Same',
      start_dttm: '2024-01-01',
      end_dttm: '2024-01-02',
    });
    expect(first.status).toBe(201);
    const dup = await createAnnotation(layer.body.id, {
      short_descr: 'Same',
      start_dttm: '2024-01-01',
      end_dttm: '2024-01-02',
    });
    expect(dup.status).toBe(422);
    expect(dup.body).toEqual({
      message: { short_descr: ['Short description must be unique for this layer'] },
    });

    // An update is checked against the stored dates.
    const upd = await admin.put<Message>(`${path}${first.body.id}`, { end_dttm: '2023-12-31' });
    expect(upd.status).toBe(422);
    expect(upd.body).toEqual({ message: { start_dttm: ['End date must be after start date'] } });
    // Keeping its own short description is not a duplicate.
    const same = await admin.put(`${path}${first.body.id}`, { short_descr: 'Same' });
    expect(same.status).toBe(200);
  });

  it('lets Gamma read but not write, and anonymous callers nothing', async () => {
    const layer = await createLayer({ name: 'Visible' });
    const read = await gamma.get<List<Layer>>('/api/v1/annotation_layer/');
    expect(read.status).toBe(200);
    expect(read.body.result.map((l) => l.name)).toContain('Visible');
    expect((await gamma.get(`/api/v1/annotation_layer/${layer.body.id}/annotation/`)).status).toBe(
      200,
    );
    expect((await createLayer({ name: 'Nope' }, gamma)).status).toBe(403);
    expect(
      (await gamma.put(`/api/v1/annotation_layer/${layer.body.id}`, { descr: 'x' })).status,
    ).toBe(403);
    expect((await gamma.delete(`/api/v1/annotation_layer/${layer.body.id}`)).status).toBe(403);
    expect(
      (
        await gamma.post(`/api/v1/annotation_layer/${layer.body.id}/annotation/`, {
          short_descr: 'x',
          start_dttm: '2024-01-01',
          end_dttm: '2024-01-01',
        })
      ).status,
    ).toBe(403);
    const info = await gamma.get<{ permissions: string[] }>('/api/v1/annotation_layer/_info', {
      keys: ['permissions'],
    });
    expect(info.body.permissions).toEqual(['can_read']);
    // The annotation list's own _info (the layer page asks it before offering writes).
    const annotationInfo = await gamma.get<{ permissions: string[] }>(
      `/api/v1/annotation_layer/${layer.body.id}/annotation/_info`,
    );
    expect(annotationInfo.status).toBe(200);
    expect(annotationInfo.body.permissions).toEqual(['can_read']);
    const adminInfo = await admin.get<{ permissions: string[] }>(
      `/api/v1/annotation_layer/${layer.body.id}/annotation/_info`,
    );
    expect(adminInfo.body.permissions).toEqual(['can_read', 'can_write']);
    expect((await admin.get('/api/v1/annotation_layer/999999/annotation/_info')).status).toBe(404);

    expect((await anonymous.get('/api/v1/annotation_layer/')).status).toBe(401);
    expect(
      (await anonymous.get(`/api/v1/annotation_layer/${layer.body.id}/annotation/`)).status,
    ).toBe(401);
    expect((await createLayer({ name: 'Anon' }, anonymous)).status).toBe(401);
  });

  it('answers the annotations of a NATIVE layer in a chart data call', async () => {
    await emptyDuckdbFile(server.dataDir, 'annotations.duckdb');
    const db = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: 'annotations_db',
      sqlalchemy_uri: 'duckdb:///annotations.duckdb',
      expose_in_sqllab: true,
      allow_dml: true,
    });
    expect(db.status, JSON.stringify(db.body)).toBe(201);
    const exec = await admin.post('/api/v1/sqllab/execute/', {
      client_id: 'annot00001',
      database_id: db.body.id,
      sql: `CREATE TABLE visits AS SELECT * FROM (VALUES
        (TIMESTAMP '2024-01-01 08:00:00', 3),
        (TIMESTAMP '2024-01-05 08:00:00', 4),
        (TIMESTAMP '2024-01-09 08:00:00', 5)) AS v(ds, n)`,
      runAsync: false,
      json: true,
    });
    expect(exec.status, JSON.stringify(exec.body)).toBe(200);
    const ds = await admin.post<{ id: number }>('/api/v1/dataset/', {
      database: db.body.id,
      schema: 'main',
      table_name: 'visits',
    });
    expect(ds.status, JSON.stringify(ds.body)).toBe(201);

    const layer = await createLayer({ name: 'Chart events' });
    const layerId = layer.body.id;
    for (const [short, start, end] of [
      ['before', '2023-12-01T00:00:00', '2023-12-02T00:00:00'],
      ['inside', '2024-01-03T00:00:00', '2024-01-03T00:00:00'],
      ['overlapping', '2023-12-30T00:00:00', '2024-01-02T00:00:00'],
      ['after', '2024-02-01T00:00:00', '2024-02-03T00:00:00'],
    ] as const) {
      const res = await createAnnotation(layerId, {
        short_descr: short,
        start_dttm: start,
        end_dttm: end,
        json_metadata: '{}',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }

    const query = (annotationLayers: Array<Record<string, unknown>>) =>
      admin.post<{
        result: Array<{ annotation_data: Record<string, unknown>; data: unknown[] }>;
        message?: string;
      }>('/api/v1/chart/data', {
        datasource: { id: ds.body.id, type: 'table' },
        queries: [
          {
            metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(n)', label: 'total' }],
            granularity: 'ds',
            time_range: '2024-01-01 : 2024-01-31',
            annotation_layers: annotationLayers,
            row_limit: 10,
          },
        ],
        form_data: {},
        result_type: 'full',
      });
    const native = {
      name: 'Releases on chart',
      annotationType: 'EVENT',
      sourceType: 'NATIVE',
      value: layerId,
      overrides: { time_range: null },
      show: true,
    };
    const formula = {
      name: 'Target',
      annotationType: 'FORMULA',
      sourceType: '',
      value: 'x * 2',
      overrides: {},
      show: true,
    };
    const res = await query([native, formula]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = res.body.result[0]!;
    expect(result.data).toEqual([{ total: 12 }]);
    expect(result.annotation_data).toEqual({
      'Releases on chart': {
        columns: ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'],
        records: [
          {
            start_dttm: Date.UTC(2023, 11, 30),
            end_dttm: Date.UTC(2024, 0, 2),
            short_descr: 'overlapping',
            long_descr: null,
            json_metadata: '{}',
          },
          {
            start_dttm: Date.UTC(2024, 0, 3),
            end_dttm: Date.UTC(2024, 0, 3),
            short_descr: 'inside',
            long_descr: null,
            json_metadata: '{}',
          },
        ],
      },
    });

    const other = await query([
      { name: 'From a chart', annotationType: 'TIME_SERIES', sourceType: 'line', value: 999999 },
    ]);
    expect(other.status).toBe(400);
    expect(other.body.message).toBe('Annotation layer From a chart: The chart does not exist');

    const missing = await query([{ ...native, value: 999999 }]);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Annotation layer not found: Releases on chart');
  });
});
