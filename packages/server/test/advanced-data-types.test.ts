/**
 * `/api/v1/advanced_data_type/types` and `/convert` (Superset's AdvancedDataTypeRestApi): 404
 * without ENABLE_ADVANCED_DATA_TYPES; with it, Superset's answers, 400 for an unknown type or a
 * bad `q`, `can_read` on `AdvancedDataType` needed (Gamma holds it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { signedInGammaUser } from './helpers/users.js';

const [target] = await metadataTargets();
const FLAG_ON = { STRATA_FEATURE_FLAGS: '{"ENABLE_ADVANCED_DATA_TYPES": true}' };

describe('advanced data types API, flag off (the default)', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startServer(target!);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
  });
  afterAll(async () => server?.close());

  it('answers 404 for both calls', async () => {
    expect((await admin.get('/api/v1/advanced_data_type/types')).status).toBe(404);
    const res = await admin.get('/api/v1/advanced_data_type/convert', {
      type: 'port',
      values: ['https'],
    });
    expect(res.status).toBe(404);
  });
});

describe('advanced data types API, flag on', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startServer(target!, FLAG_ON);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
  });
  afterAll(async () => server?.close());

  it('lists the built-in types', async () => {
    const res = await admin.get('/api/v1/advanced_data_type/types');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: ['internet_address', 'port'] });
  });

  it('converts addresses and ranges, IPv6 numbers exact in the JSON text', async () => {
    const q = "(type:internet_address,values:!('10.0.0.0/8','2001:db8::1'))";
    const raw = await fetch(
      `${server.baseUrl}/api/v1/advanced_data_type/convert?q=${encodeURIComponent(q)}`,
      { headers: { authorization: `Bearer ${admin.token}` } },
    );
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await raw.text();
    expect(text).toContain(
      '"values":[{"start":167772160,"end":184549375},42540766411282592856903984951653826561]',
    );
    const body = JSON.parse(text) as { result: Record<string, unknown> };
    expect(body.result.display_value).toBe(
      '167772160 - 184549375, 42540766411282592856903984951653826561',
    );
    expect(body.result.error_message).toBe('');
    expect(body.result.valid_filter_operators).toEqual([
      'EQUALS',
      'GREATER_THAN_OR_EQUAL',
      'GREATER_THAN',
      'IN',
      'LESS_THAN',
      'LESS_THAN_OR_EQUAL',
    ]);
  });

  it('converts port names and answers a bad value in error_message (200)', async () => {
    const ok = await admin.get('/api/v1/advanced_data_type/convert', {
      type: 'port',
      values: ['https', 'ftp'],
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      result: { values: [[443], [20, 21]], display_value: '[443], [20, 21]', error_message: '' },
    });
    const bad = await admin.get('/api/v1/advanced_data_type/convert', {
      type: 'port',
      values: ['99999'],
    });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({
      result: { values: [], error_message: "'99999' does not appear to be a port name or number" },
    });
  });

  it('answers 400 for an unknown type and for a bad q', async () => {
    const unknown = await admin.get('/api/v1/advanced_data_type/convert', {
      type: 'mac_address',
      values: ['x'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: 'Invalid advanced data type: mac_address' });
    const empty = await admin.get('/api/v1/advanced_data_type/convert', {
      type: 'port',
      values: [],
    });
    expect(empty.status).toBe(400);
    expect((await admin.get('/api/v1/advanced_data_type/convert')).status).toBe(400);
    const notRison = await admin.get('/api/v1/advanced_data_type/convert?q=(type:');
    expect(notRison.status).toBe(400);
  });

  it('needs can_read on AdvancedDataType: Gamma holds it, a role without it is refused', async () => {
    const gamma = await signedInGammaUser(admin, server.baseUrl, 'adt_gamma');
    expect((await gamma.get('/api/v1/advanced_data_type/types')).status).toBe(200);

    const role = await admin.post<{ id: number }>('/api/v1/security/roles/', { name: 'NoAdt' });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const created = await admin.post('/api/v1/security/users/', {
      username: 'adt_none',
      first_name: 'a',
      last_name: 'b',
      email: 'adt_none@example.com',
      password: 'password-123',
      active: true,
      roles: [role.body.id],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const none = new ApiClient(server.baseUrl);
    await none.loginWithToken('adt_none', 'password-123');
    expect((await none.get('/api/v1/advanced_data_type/types')).status).toBe(403);
    const convert = await none.get('/api/v1/advanced_data_type/convert', {
      type: 'port',
      values: ['http'],
    });
    expect(convert.status).toBe(403);

    const anonymous = new ApiClient(server.baseUrl);
    expect((await anonymous.get('/api/v1/advanced_data_type/types')).status).toBe(401);
  });
});
