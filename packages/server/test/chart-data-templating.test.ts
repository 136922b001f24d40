/** Jinja in chart queries: virtual datasets, template parameters, URL parameters, users, safety. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { duckdbTableDataset, runSql } from './helpers/table-dataset.js';

const targets = await metadataTargets();

interface Answer {
  result?: Array<{
    data: Array<Record<string, unknown>>;
    cache_key: string;
    applied_template_filters: string[];
    query: string;
  }>;
  message?: string;
}

describe.each(targets)('chart data templates on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let databaseId: number;
  let virtualId: number;

  const chartData = (
    datasetId: number,
    query: Record<string, unknown>,
    formData: Record<string, unknown> = {},
  ) =>
    admin.post<Answer>('/api/v1/chart/data', {
      datasource: { id: datasetId, type: 'table' },
      queries: [
        {
          metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(amount)', label: 'total' }],
          ...query,
        },
      ],
      form_data: formData,
      force: true,
    });

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    ({ databaseId } = await duckdbTableDataset(
      server.dataDir,
      admin,
      'templ',
      'sales',
      `CREATE TABLE sales AS SELECT * FROM (VALUES ('east', 'a', 1), ('east', 'b', 2), ('west', 'a', 4)) AS v(region, kind, amount)`,
    ));
    await runSql(admin, databaseId, 'SELECT 1');
    const created = await admin.post<{ id: number }>('/api/v1/dataset/', {
      database: databaseId,
      schema: 'main',
      table_name: 'sales_by_param',
      sql: "SELECT * FROM sales WHERE region = '{{ url_param('region', 'east') }}' AND amount >= {{ min_amount }}",
      template_params: '{"min_amount": 2}',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    virtualId = created.body.id;
    const put = await admin.put(`/api/v1/dataset/${virtualId}`, {
      template_params: '{"min_amount": 2}',
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  });
  afterAll(async () => server?.close());

  it('renders the virtual SQL with URL parameters and template parameters, keyed apart', async () => {
    const east = await chartData(virtualId, {}, { url_params: { region: 'east' } });
    expect(east.status, JSON.stringify(east.body)).toBe(200);
    expect(east.body.result![0]!.data).toEqual([{ total: 2 }]);
    const west = await chartData(virtualId, { url_params: { region: 'west' } });
    expect(west.body.result![0]!.data).toEqual([{ total: 4 }]);
    expect(west.body.result![0]!.cache_key).not.toBe(east.body.result![0]!.cache_key);
  });

  it('renders adhoc SQL and reports the filters a template read', async () => {
    const res = await chartData(virtualId, {
      metrics: [
        { expressionType: 'SQL', sqlExpression: 'SUM(amount) * {{ min_amount }}', label: 'scaled' },
      ],
      filters: [{ col: 'kind', op: 'IN', val: ['b'] }],
      extras: { where: "kind IN {{ filter_values('kind') | where_in }}" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result![0]!.data).toEqual([{ scaled: 4 }]);
    expect(res.body.result![0]!.applied_template_filters).toEqual(['kind']);
  });

  it('keeps the one-expression rule for rendered fragments', async () => {
    await admin.put(`/api/v1/dataset/${virtualId}`, {
      template_params: '{"min_amount": 2, "evil": "1); DROP TABLE sales; --"}',
    });
    const res = await chartData(virtualId, { extras: { where: 'amount > {{ evil }}' } });
    expect(res.status).toBe(400);
    const still = await chartData(virtualId, {});
    expect(still.status).toBe(200);
  });

  it('answers a bad template with a 400 naming it', async () => {
    const res = await chartData(virtualId, { extras: { where: '{{ nope(' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/WHERE clause/);
  });
});
