import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';

const targets = await metadataTargets();

interface ListBody<T = Record<string, unknown>> {
  result: T[];
  count: number;
  ids: number[];
}

describe.each(targets)('users and roles admin on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
  });
  afterAll(async () => server?.close());

  const roleId = async (name: string) =>
    (
      await admin.get<ListBody<{ id: number }>>('/api/v1/security/roles/', {
        filters: [{ col: 'name', opr: 'eq', value: name }],
      })
    ).body.result[0]!.id;

  it('creates, lists, edits and deletes users with their roles', async () => {
    const gamma = await roleId('Gamma');
    const created = await admin.post<{ id: number; result: Record<string, unknown> }>(
      '/api/v1/security/users/',
      {
        username: 'ursula',
        first_name: 'Ursula',
        last_name: 'User',
        email: 'ursula@example.com',
        password: 'password-123',
        active: true,
        roles: [gamma],
      },
    );
    expect(created.status).toBe(201);
    expect(created.body.result).toMatchObject({
      username: 'ursula',
      active: true,
      roles: [{ id: gamma, name: 'Gamma' }],
    });
    expect(created.body.result).not.toHaveProperty('password');

    const dup = await admin.post<{ message: Record<string, string[]> }>('/api/v1/security/users/', {
      username: 'ursula',
      first_name: 'U',
      last_name: 'U',
      email: 'other@example.com',
      password: 'password-123',
    });
    expect(dup.status).toBe(422);
    expect(dup.body.message.username).toBeTruthy();

    const byRole = await admin.get<ListBody>('/api/v1/security/users/', {
      filters: [{ col: 'roles', opr: 'rel_m_m', value: gamma }],
    });
    expect(byRole.body.result.map((u) => u.username)).toEqual(['ursula']);

    const alpha = await roleId('Alpha');
    const edited = await admin.put<{ result: Record<string, unknown> }>(
      `/api/v1/security/users/${created.body.id}`,
      {
        first_name: 'Ulla',
        roles: [alpha],
        password: 'new-password-456',
      },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.result).toMatchObject({
      first_name: 'Ulla',
      roles: [{ id: alpha, name: 'Alpha' }],
    });
    const u = new ApiClient(server.baseUrl);
    await u.loginWithToken('ursula', 'new-password-456');
    expect((await u.get('/api/v1/chart/')).status).toBe(200);

    expect((await admin.delete(`/api/v1/security/users/${created.body.id}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/security/users/${created.body.id}`)).status).toBe(404);
  });

  it('writes nothing when a user is created with a role that does not exist', async () => {
    const res = await admin.post('/api/v1/security/users/', {
      username: 'ghost',
      first_name: 'G',
      last_name: 'H',
      email: 'ghost@example.com',
      password: 'password-123',
      roles: [999999],
    });
    expect(res.status).toBe(422);
    const list = await admin.get<ListBody>('/api/v1/security/users/', {
      filters: [{ col: 'username', opr: 'eq', value: 'ghost' }],
    });
    expect(list.body.count).toBe(0);
  });

  it('refuses to delete or deactivate yourself, and to delete a built-in role', async () => {
    const me = (await admin.get<{ result: { id: number } }>('/api/v1/me/')).body.result.id;
    expect((await admin.delete(`/api/v1/security/users/${me}`)).status).toBe(422);
    expect((await admin.put(`/api/v1/security/users/${me}`, { active: false })).status).toBe(422);
    expect((await admin.delete(`/api/v1/security/roles/${await roleId('Gamma')}`)).status).toBe(
      422,
    );
    expect(
      (await admin.put(`/api/v1/security/roles/${await roleId('Admin')}`, { name: 'Boss' })).status,
    ).toBe(422);
  });

  it("edits a role's permissions, and the change takes effect on the next request", async () => {
    const role = await admin.post<{ id: number }>('/api/v1/security/roles/', {
      name: 'chart_readers',
    });
    expect(role.status).toBe(201);
    await admin.post('/api/v1/security/users/', {
      username: 'reader',
      first_name: 'R',
      last_name: 'Reader',
      email: 'reader@example.com',
      password: 'password-123',
      roles: [role.body.id],
    });
    const reader = new ApiClient(server.baseUrl);
    await reader.loginWithToken('reader', 'password-123');
    expect((await reader.get('/api/v1/chart/')).status).toBe(403);

    const pairs: Array<{ id: number; permission: { name: string }; view_menu: { name: string } }> =
      [];
    for (let page = 0; ; page += 1) {
      const res = await admin.get<ListBody<(typeof pairs)[number]>>(
        '/api/v1/security/permissions-resources/',
        { page, page_size: 100 },
      );
      pairs.push(...res.body.result);
      if (pairs.length >= res.body.count || res.body.result.length === 0) break;
    }
    const canReadChart = pairs.find(
      (p) => p.permission.name === 'can_read' && p.view_menu.name === 'Chart',
    )!;
    const set = await admin.post(`/api/v1/security/roles/${role.body.id}/permissions`, {
      permission_view_menu_ids: [canReadChart.id],
    });
    expect(set.status).toBe(200);
    const got = await admin.get<{
      result: Array<{ permission_name: string; view_menu_name: string }>;
    }>(`/api/v1/security/roles/${role.body.id}/permissions/`);
    expect(got.body.result).toEqual([
      { id: canReadChart.id, permission_name: 'can_read', view_menu_name: 'Chart' },
    ]);
    expect((await reader.get('/api/v1/chart/')).status).toBe(200);
    expect((await reader.delete('/api/v1/chart/1')).status).toBe(403);

    const bad = await admin.post(`/api/v1/security/roles/${role.body.id}/permissions`, {
      permission_view_menu_ids: [999999],
    });
    expect(bad.status).toBe(422);
    expect(
      (
        await admin.get<{ result: unknown[] }>(
          `/api/v1/security/roles/${role.body.id}/permissions/`,
        )
      ).body.result,
    ).toHaveLength(1);
  });

  it('lists permission names and resources', async () => {
    const perms = await admin.get<ListBody<{ name: string }>>('/api/v1/security/permissions/', {
      page_size: 100,
    });
    expect(perms.body.result.map((p) => p.name)).toEqual(
      expect.arrayContaining(['can_read', 'can_write', 'menu_access']),
    );
    const views = await admin.get<ListBody<{ name: string }>>('/api/v1/security/resources/', {
      page_size: 100,
    });
    expect(views.body.result.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Dashboard', 'Chart', 'Database']),
    );
  });
});
