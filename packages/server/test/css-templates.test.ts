import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { roleId, signedInGammaUser } from './helpers/users.js';

const targets = await metadataTargets();

interface Template {
  id: number;
  template_name: string;
  css: string;
  changed_on_delta_humanized: string;
  changed_by: { id: number; first_name: string; last_name: string } | null;
  created_by: { id: number; first_name: string; last_name: string } | null;
}
interface One {
  id: number;
  result: Template;
}
interface List {
  count: number;
  ids: number[];
  result: Template[];
}

describe.each(targets)('CSS templates on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let gamma: ApiClient;
  let alpha: ApiClient;
  const url = '/api/v1/css_template/';

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    gamma = await signedInGammaUser(admin, server.baseUrl, 'gina');
    const made = await admin.post('/api/v1/security/users/', {
      username: 'alan',
      first_name: 'Alan',
      last_name: 'Alpha',
      email: 'alan@example.com',
      password: 'password-123',
      active: true,
      roles: [await roleId(admin, 'Alpha')],
    });
    expect(made.status).toBe(201);
    alpha = new ApiClient(server.baseUrl);
    await alpha.loginWithToken('alan', 'password-123');
  });
  afterAll(() => server?.close());

  it('creates, shows, edits and deletes a template in Superset shapes', async () => {
    const made = await admin.post<One>(url, {
      template_name: ' Flat ',
      css: '.dashboard { background: #fafafa; }',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.result).toMatchObject({
      id: made.body.id,
      template_name: 'Flat',
      css: '.dashboard { background: #fafafa; }',
      created_by: { first_name: expect.any(String), last_name: expect.any(String) },
    });
    expect(Object.keys(made.body.result).sort()).toEqual(
      [
        'changed_by',
        'changed_on_delta_humanized',
        'created_by',
        'css',
        'id',
        'template_name',
      ].sort(),
    );
    const id = made.body.id;
    const edited = await admin.put<One>(`${url}${id}`, { css: 'h1 { color: red; }' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const shown = await admin.get<One>(`${url}${id}`);
    expect(shown.body.result).toMatchObject({ template_name: 'Flat', css: 'h1 { color: red; }' });
    expect((await admin.delete(`${url}${id}`)).status).toBe(200);
    expect((await admin.get(`${url}${id}`)).status).toBe(404);
  });

  it('refuses an empty name and unknown fields (400 with the field)', async () => {
    const empty = await admin.post<{ message: Record<string, string[]> }>(url, {
      template_name: '  ',
      css: '',
    });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('template_name');
    const extra = await admin.post(url, { template_name: 'x', owners: [1] });
    expect(extra.status).toBe(400);
  });

  it('lists with the all-text filter, orders by name and bulk deletes', async () => {
    const ids: number[] = [];
    for (const [name, css] of [
      ['Zebra stripes', '.row:nth-child(odd) { background: #eee; }'],
      ['Apple', '.header { color: green; }'],
      ['Mango', 'body { font-family: serif; }'],
    ]) {
      const r = await admin.post<One>(url, { template_name: name, css });
      ids.push(r.body.id);
    }
    const byName = await admin.get<List>(url, {
      order_column: 'template_name',
      order_direction: 'asc',
      page: 0,
      page_size: 25,
    });
    expect(byName.body.result.map((t) => t.template_name)).toEqual([
      'Apple',
      'Mango',
      'Zebra stripes',
    ]);
    expect(byName.body.count).toBe(3);
    // The all-text filter looks in the name and the CSS.
    const text = await admin.get<List>(url, {
      filters: [{ col: 'template_name', opr: 'css_template_all_text', value: 'SERIF' }],
    });
    expect(text.body.result.map((t) => t.template_name)).toEqual(['Mango']);
    const byCreator = await admin.get<List>(url, {
      filters: [{ col: 'created_by', opr: 'rel_o_m', value: 1 }],
    });
    expect(byCreator.body.count).toBe(3);
    const related = await admin.get<{ result: Array<{ text: string }> }>(
      `${url}related/created_by`,
    );
    expect(related.status).toBe(200);
    expect(related.body.result.length).toBeGreaterThan(0);
    const info = await admin.get<{ permissions: string[] }>(`${url}_info`, {
      keys: ['permissions'],
    });
    expect(info.body.permissions.sort()).toEqual(['can_read', 'can_write']);

    const bulk = await admin.delete<{ message: string }>(`${url}?q=!(${ids[0]},${ids[1]})`);
    expect(bulk.status).toBe(200);
    expect(bulk.body.message).toBe('Deleted 2 css templates');
    const rest = await admin.get<List>(url);
    expect(rest.body.ids).toEqual([ids[2]]);
    // Unknown ids: 404, nothing deleted.
    expect((await admin.delete(`${url}?q=!(${ids[2]},999999)`)).status).toBe(404);
    expect((await admin.get<List>(url)).body.count).toBe(1);
  });

  it('is for Alpha and Admin: Gamma may neither read nor write (Superset rule)', async () => {
    expect((await alpha.get<List>(url)).status).toBe(200);
    const byAlpha = await alpha.post<One>(url, { template_name: 'Alpha made', css: '' });
    expect(byAlpha.status).toBe(201);
    expect((await gamma.get(url)).status).toBe(403);
    expect((await gamma.get(`${url}${byAlpha.body.id}`)).status).toBe(403);
    expect((await gamma.post(url, { template_name: 'nope' })).status).toBe(403);
    expect((await gamma.delete(`${url}${byAlpha.body.id}`)).status).toBe(403);
    const anonymous = new ApiClient(server.baseUrl);
    expect((await anonymous.get(url)).status).toBe(401);
  });
});
