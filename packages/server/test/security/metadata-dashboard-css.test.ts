/**
 * Issue 16 point 14: a dashboard's custom CSS is sanitised by the CSS parser when it is saved
 * (create, update, copy), so no client keeps CSS that loads or runs anything in the store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/client.js';
import { metadataTargets } from '../helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../helpers/server.js';

const targets = await metadataTargets();

const ATTACK =
  '@\\69mport "http://x.test/a.css"; .a{color:red;background:\\75 rl(http://x.test/t.png)}' +
  '.b{background:u\\rl("http://x.test/t.png");width:expr\\65ssion(alert(1))}' +
  '.c::after{content:"</style><script>alert(1)</script>"} .d{margin:0}';

describe.each(targets)('dashboard CSS on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const cssOf = async (id: number) =>
    (await admin.get<{ result: { css: string | null } }>(`/api/v1/dashboard/${id}`)).body.result
      .css;

  const expectClean = (css: string | null) => {
    expect(css).toContain('.a{color:red}');
    expect(css).toContain('.d{margin:0}');
    expect(css).not.toMatch(/http|\\69mport|\\75 rl|u\\rl|expr|<\/style/i);
  };

  it('stores the sanitised CSS on create, update and copy', async () => {
    const created = await admin.post<{ id: number }>('/api/v1/dashboard/', {
      dashboard_title: 'css',
      css: ATTACK,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expectClean(await cssOf(created.body.id));

    const updated = await admin.put(`/api/v1/dashboard/${created.body.id}`, {
      css: `${ATTACK} .e{padding:1px}`,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const css = await cssOf(created.body.id);
    expectClean(css);
    expect(css).toContain('.e{padding:1px}');

    const copy = await admin.post<{ result: { id: number } }>(
      `/api/v1/dashboard/${created.body.id}/copy/`,
      { dashboard_title: 'css copy', css: ATTACK, json_metadata: '{}' },
    );
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expectClean(await cssOf(copy.body.result.id));
  });
});
