import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type StrataApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { SECRET_KEY_FILE } from '../src/config/secret-key.js';
import { MIGRATIONS } from '../src/metadata/migrations/index.js';
import { ApiClient } from './helpers/client.js';
import { metadataTargets, tempDir } from './helpers/metadata-targets.js';

const targets = await metadataTargets();
const opened: StrataApp[] = [];
const dirs: string[] = [];

afterEach(async () => {
  while (opened.length) await opened.pop()!.close();
  while (dirs.length) fs.rmSync(dirs.pop()!, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<StrataApp> {
  const app = await buildApp(
    loadConfig({ STRATA_WEB_DIST: '', STRATA_LOAD_EXAMPLES: 'false', ...env }),
    { logger: false },
  );
  opened.push(app);
  return app;
}

describe('first start', () => {
  it('gives two fresh data dirs two different secret keys, kept with mode 0600', async () => {
    const a = tempDir();
    const b = tempDir();
    dirs.push(a, b);
    await start({ STRATA_DATA_DIR: a });
    await start({ STRATA_DATA_DIR: b });
    const keyA = fs.readFileSync(path.join(a, SECRET_KEY_FILE), 'utf8').trim();
    const keyB = fs.readFileSync(path.join(b, SECRET_KEY_FILE), 'utf8').trim();
    expect(keyA.length).toBeGreaterThanOrEqual(32);
    expect(keyA).not.toBe(keyB);
    expect(fs.statSync(path.join(a, SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);
  });

  it('keeps the secret key across restarts, so sessions and tokens stay valid', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const first = await start({ STRATA_DATA_DIR: dir, STRATA_ADMIN_PASSWORD: 'first-password' });
    const key = fs.readFileSync(path.join(dir, SECRET_KEY_FILE), 'utf8');
    await first.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = first.app.server.address();
    const c = new ApiClient(`http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`);
    await c.loginWithToken('admin', 'first-password');
    await first.close();
    opened.pop();
    const second = await start({ STRATA_DATA_DIR: dir });
    expect(fs.readFileSync(path.join(dir, SECRET_KEY_FILE), 'utf8')).toBe(key);
    expect(second.admin.created).toBe(false);
    const me = await second.app.inject({
      method: 'GET',
      url: '/api/v1/me/',
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('uses STRATA_SECRET_KEY when set and writes no key file', async () => {
    const dir = tempDir();
    dirs.push(dir);
    await start({ STRATA_DATA_DIR: dir, STRATA_SECRET_KEY: 'k'.repeat(40) });
    expect(fs.existsSync(path.join(dir, SECRET_KEY_FILE))).toBe(false);
  });

  it('creates the admin with a generated password when none is configured', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const app = await start({ STRATA_DATA_DIR: dir, STRATA_ADMIN_USERNAME: 'boss' });
    expect(app.admin).toMatchObject({ created: true, username: 'boss' });
    const password = app.admin.generatedPassword!;
    expect(password.length).toBeGreaterThanOrEqual(20);
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/v1/security/login',
      payload: { username: 'boss', password, provider: 'db' },
    });
    expect(res.statusCode).toBe(200);
    const other = tempDir();
    dirs.push(other);
    const app2 = await start({ STRATA_DATA_DIR: other });
    expect(app2.admin.generatedPassword).not.toBe(password);
  });
});

describe.each(targets)('migrations on $name metadata', (target) => {
  it('apply once and are idempotent on restart, with the built-in roles seeded', async () => {
    const store = await target.create();
    try {
      const env = {
        STRATA_DATA_DIR: store.dataDir,
        STRATA_METADATA_URL: store.url,
        STRATA_ADMIN_PASSWORD: 'pw-123456',
      };
      const a = await start(env);
      const roles = await a.store.db.selectFrom('ab_role').select('name').orderBy('name').execute();
      expect(roles.map((r) => r.name)).toEqual(['Admin', 'Alpha', 'Gamma', 'Public', 'sql_lab']);
      const count = async (app: StrataApp) =>
        Number(
          (
            await app.store.db
              .selectFrom('ab_permission_view_role')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirst()
          )?.n,
        );
      const before = await count(a);
      await a.close();
      opened.pop();
      const b = await start(env);
      expect(await count(b)).toBe(before);
      const migrations = await b.store.db
        .selectFrom('strata_migration' as never)
        .select('name' as never)
        .execute();
      expect(migrations).toHaveLength(MIGRATIONS.length);
      await b.close();
      opened.pop();
    } finally {
      await store.drop();
    }
  });
});
