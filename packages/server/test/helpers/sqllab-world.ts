import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { nowIso } from '../../src/metadata/db.js';
import { ApiClient } from './client.js';
import { ADMIN_PASSWORD, type TestServer } from './server.js';

export const USER_PASSWORD = 'password-123';

/**
 * Users and databases for SQL Lab state tests: `shop` (granted to the SQL Lab users through a
 * role), `vault` (granted to nobody but admins); sam and sue have sql_lab + the shop grant, gina
 * is Gamma (no SQL Lab).
 */
export interface SqlLabWorld {
  admin: ApiClient;
  shopId: number;
  vaultId: number;
  ids: Record<'admin' | 'sam' | 'sue' | 'gina', number>;
  /** A client logged in with a bearer token. */
  login(username: string): Promise<ApiClient>;
  /** A client logged in through the login form: session cookie and CSRF token. */
  loginForm(username: string): Promise<ApiClient>;
  /** Stores a query row as SQL Lab's execute would (the execute API is another issue's). */
  insertQuery(row: {
    userId: number;
    dbId: number;
    sql?: string;
    sqlEditorId?: string | null;
    clientId?: string;
  }): Promise<string>;
}

async function roleId(admin: ApiClient, name: string): Promise<number> {
  const res = await admin.get<{ result: Array<{ id: number }> }>('/api/v1/security/roles/', {
    filters: [{ col: 'name', opr: 'eq', value: name }],
  });
  return res.body.result[0]!.id;
}

export async function setupSqlLabWorld(
  server: TestServer,
  analyticsFile: string,
): Promise<SqlLabWorld> {
  const admin = new ApiClient(server.baseUrl);
  await admin.loginWithToken('admin', ADMIN_PASSWORD);
  const adminId = (await admin.get<{ result: { id: number } }>('/api/v1/me/')).body.result.id;
  const createDb = async (name: string) => {
    const res = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: name,
      sqlalchemy_uri: `sqlite:///${analyticsFile}`,
      expose_in_sqllab: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  };
  const shopId = await createDb('shop');
  const vaultId = await createDb('vault');

  const role = await admin.post<{ id: number }>('/api/v1/security/roles/', {
    name: 'shop_users',
  });
  const pvs = await admin.get<{ result: Array<{ id: number }> }>(
    '/api/v1/security/permissions-resources/',
    { filters: [{ col: 'view_menu', opr: 'eq', value: `[shop].(id:${shopId})` }] },
  );
  await admin.post(`/api/v1/security/roles/${role.body.id}/permissions`, {
    permission_view_menu_ids: [pvs.body.result[0]!.id],
  });
  const sqlLab = await roleId(admin, 'sql_lab');
  const gamma = await roleId(admin, 'Gamma');
  const createUser = async (username: string, roles: number[]) => {
    const res = await admin.post<{ id: number }>('/api/v1/security/users/', {
      username,
      first_name: username[0]!.toUpperCase() + username.slice(1),
      last_name: 'Tester',
      email: `${username}@example.com`,
      password: USER_PASSWORD,
      active: true,
      roles,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  };
  const ids = {
    admin: adminId,
    sam: await createUser('sam', [sqlLab, role.body.id]),
    sue: await createUser('sue', [sqlLab, role.body.id]),
    gina: await createUser('gina', [gamma]),
  };
  return {
    admin,
    shopId,
    vaultId,
    ids,
    async login(username) {
      const c = new ApiClient(server.baseUrl);
      await c.loginWithToken(username, username === 'admin' ? ADMIN_PASSWORD : USER_PASSWORD);
      return c;
    },
    async loginForm(username) {
      const c = new ApiClient(server.baseUrl);
      await c.loginWithForm(username, username === 'admin' ? ADMIN_PASSWORD : USER_PASSWORD);
      expect(c.cookie).toBeTruthy();
      return c;
    },
    async insertQuery(row) {
      const clientId = row.clientId ?? randomBytes(8).toString('base64url').slice(0, 11);
      await server.strata.store.db
        .insertInto('query')
        .values({
          client_id: clientId,
          database_id: row.dbId,
          user_id: row.userId,
          sql_editor_id: row.sqlEditorId ?? null,
          status: 'success',
          sql: row.sql ?? 'SELECT 1',
          select_as_cta: false,
          select_as_cta_used: false,
          progress: 100,
          rows: 1,
          start_time: Date.now(),
          end_time: Date.now(),
          changed_on: nowIso(),
        })
        .execute();
      return clientId;
    },
  };
}

/** A form-encoded body as Superset's client sends it: every value JSON text. */
export function jsonForm(fields: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) params.set(k, JSON.stringify(v));
  return params.toString();
}

/** A form-encoded body of plain text values (an HTML form). */
export function textForm(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
