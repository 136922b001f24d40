/** Users for API tests: a Gamma user (no data access) made by an admin and signed in. */
import { expect } from 'vitest';
import { ApiClient } from './client.js';

/** The id of a role by name. */
export async function roleId(admin: ApiClient, name: string): Promise<number> {
  const roles = await admin.get<{ result: Array<{ id: number; name: string }> }>(
    '/api/v1/security/roles/?q=(page_size:100)',
  );
  const role = roles.body.result.find((r) => r.name === name);
  expect(role, `role ${name}`).toBeDefined();
  return role!.id;
}

/** A new user `username` (password "password-123") with one role, signed in with a bearer token. */
export async function signedInUser(
  admin: ApiClient,
  baseUrl: string,
  username: string,
  role: string,
): Promise<ApiClient> {
  const created = await admin.post('/api/v1/security/users/', {
    username,
    first_name: username,
    last_name: role,
    email: `${username}@example.com`,
    password: 'password-123',
    active: true,
    roles: [await roleId(admin, role)],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const client = new ApiClient(baseUrl);
  await client.loginWithToken(username, 'password-123');
  return client;
}

/** A new Gamma user `username` (password "password-123"), signed in with a bearer token. */
export function signedInGammaUser(
  admin: ApiClient,
  baseUrl: string,
  username: string,
): Promise<ApiClient> {
  return signedInUser(admin, baseUrl, username, 'Gamma');
}
