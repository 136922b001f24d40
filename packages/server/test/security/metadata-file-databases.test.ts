/**
 * Issue 16 point 8 (Superset's PREVENT_UNSAFE_DB_CONNECTIONS class): file databases (SQLite,
 * DuckDB) only for Admin, only inside STRATA_FILE_DATABASE_DIRS (default: the data dir's
 * uploads), judged on the canonical path, never the app's own files; test_connection and
 * validate_parameters limited the same way, with no probing of which files exist.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDatabaseRow } from '../../src/databases/write.js';
import { makeSqliteAnalytics } from '../helpers/analytics.js';
import { ApiClient } from '../helpers/client.js';
import { metadataTargets, tempDir } from '../helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../helpers/server.js';
import { emptyDuckdbFile } from '../helpers/table-dataset.js';
import { roleId } from '../helpers/users.js';

const targets = await metadataTargets();

interface Refusal {
  message: Record<string, string[]> | string;
  errors?: Array<{ error_type: string; message: string }>;
}

const SECURITY = /cannot be used as a data source for security reasons/;
const OUTSIDE = /must be inside a folder allowed for file databases/;
const OWN = /application's own store/;

describe.each(targets)('file databases on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let alpha: ApiClient;
  let uploads: string;
  let elsewhere: string;
  let otherInstance: string;
  let analytics: ReturnType<typeof makeSqliteAnalytics>;
  let n = 0;

  beforeAll(async () => {
    // '' = the default: the data dir's uploads folder.
    server = await startServer(target, { STRATA_FILE_DATABASE_DIRS: '' });
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    const created = await admin.post('/api/v1/security/users/', {
      username: 'alpha_files',
      first_name: 'Al',
      last_name: 'Pha',
      email: 'alpha_files@example.com',
      password: 'password-123',
      active: true,
      roles: [await roleId(admin, 'Alpha')],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    alpha = new ApiClient(server.baseUrl);
    await alpha.loginWithToken('alpha_files', 'password-123');
    uploads = path.join(server.dataDir, 'uploads');
    elsewhere = tempDir('strata-elsewhere-');
    // Another instance's metadata store on the same host.
    otherInstance = path.join(elsewhere, 'strata.db');
    fs.writeFileSync(otherInstance, '');
    analytics = makeSqliteAnalytics();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(elsewhere, { recursive: true, force: true });
    analytics?.drop();
  });

  const create = (client: ApiClient, uri: string) =>
    client.post<Refusal & { id?: number }>('/api/v1/database/', {
      database_name: `files ${target.name} ${++n}`,
      sqlalchemy_uri: uri,
    });
  const uriMessage = (body: Refusal) =>
    typeof body.message === 'object' ? (body.message.sqlalchemy_uri ?? []).join(' ') : '';

  it('creates the uploads folder, private', () => {
    expect(fs.statSync(uploads).isDirectory()).toBe(true);
    expect(fs.statSync(uploads).mode & 0o077).toBe(0);
  });

  it('refuses every file database to a non-Admin, whatever the path, without probing', async () => {
    const uris = [
      'sqlite:////etc/passwd',
      'duckdb:////etc/passwd',
      `sqlite:///${otherInstance}`,
      `sqlite:///${path.join(server.dataDir, 'strata.db')}`,
      'sqlite:///uploads/../strata.db',
      'duckdb:///uploads/inside.duckdb',
      'duckdb:///:memory:',
      'sqlite://',
      'sqlite+pysqlite:////etc/passwd',
      'sqlite:////no/such/dir/x.db',
    ];
    const answers = new Set<string>();
    for (const uri of uris) {
      const res = await create(alpha, uri);
      expect(res.status, `${uri}: ${JSON.stringify(res.body)}`).toBe(422);
      expect(uriMessage(res.body)).toMatch(SECURITY);
      answers.add(uriMessage(res.body).replace(/SQLite|DuckDB/g, 'X'));

      const tested = await alpha.post<Refusal>('/api/v1/database/test_connection/', {
        sqlalchemy_uri: uri,
      });
      expect(tested.status, uri).toBe(422);
      expect(tested.body.errors?.[0]?.error_type).toBe('DATABASE_SECURITY_ACCESS_ERROR');
      expect(tested.body.errors?.[0]?.message).toMatch(SECURITY);
    }
    // One answer whatever exists: /etc/passwd and a missing path look the same.
    expect(answers.size).toBe(1);

    for (const engine of ['sqlite', 'duckdb']) {
      for (const p of ['/etc/passwd', '/no/such/file.db', otherInstance]) {
        const res = await alpha.post<Refusal>('/api/v1/database/validate_parameters/', {
          engine,
          parameters: { path: p },
        });
        expect(res.status, `${engine} ${p}`).toBe(422);
        expect(res.body.errors?.[0]?.error_type).toBe('DATABASE_SECURITY_ACCESS_ERROR');
      }
    }
  });

  it('lets an Admin connect files inside the allowed folder only, links and .. resolved', async () => {
    // Connecting opens the file: the files exist.
    await emptyDuckdbFile(uploads, 'sales.duckdb');
    fs.copyFileSync(analytics.file, path.join(uploads, 'abs.db'));
    const ok = await create(admin, 'duckdb:///uploads/sales.duckdb');
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const okAbs = await create(admin, `sqlite:///${path.join(uploads, 'abs.db')}`);
    expect(okAbs.status, JSON.stringify(okAbs.body)).toBe(201);
    fs.copyFileSync(analytics.file, path.join(uploads, 'shop.db'));
    const tested = await admin.post('/api/v1/database/test_connection/', {
      sqlalchemy_uri: 'sqlite:///uploads/shop.db',
    });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);

    fs.symlinkSync('/etc/passwd', path.join(uploads, 'passwd.db'));
    fs.symlinkSync(elsewhere, path.join(uploads, 'outside'));
    fs.symlinkSync(
      path.join(elsewhere, 'nowhere', 'x.duckdb'),
      path.join(uploads, 'dangling.duckdb'),
    );
    const outside: Array<[string, RegExp]> = [
      ['sqlite:////etc/passwd', OUTSIDE],
      [`sqlite:///${otherInstance}`, OUTSIDE],
      ['duckdb:///uploads/../escape.duckdb', OUTSIDE],
      [`duckdb:///${uploads}/../escape.duckdb`, OUTSIDE],
      [`sqlite:///${uploads}/%2E%2E/escape.db`, OUTSIDE],
      ['sqlite:///uploads/passwd.db', OUTSIDE],
      ['duckdb:///uploads/outside/new.duckdb', OUTSIDE],
      ['sqlite:///uploads/outside/strata.db', OUTSIDE],
      ['duckdb:///uploads/dangling.duckdb', /symbolic link to a file that does not exist/],
      // The metadata store is the app's own file when it is SQLite (else just outside).
      ['sqlite:///strata.db', target.name === 'sqlite' ? OWN : OUTSIDE],
      ['sqlite:///strata.db#x', target.name === 'sqlite' ? OWN : OUTSIDE],
      ['sqlite:///strata.db-wal', target.name === 'sqlite' ? OWN : OUTSIDE],
      ['duckdb:///secret_key', OWN],
      ['duckdb:///results/0123456789abcdef0123456789abcdef/0.json', OWN],
      ['duckdb:///examples.duckdb', OWN],
    ];
    for (const [uri, message] of outside) {
      const res = await create(admin, uri);
      expect(res.status, `${uri}: ${JSON.stringify(res.body)}`).toBe(422);
      expect(uriMessage(res.body), uri).toMatch(message);
      const t = await admin.post<Refusal>('/api/v1/database/test_connection/', {
        sqlalchemy_uri: uri,
      });
      expect(t.status, uri).toBe(422);
    }
    // Nothing was created through the dangling link.
    expect(fs.existsSync(path.join(elsewhere, 'nowhere'))).toBe(false);

    // Re-pointing a database outside the folder is refused as creating one is.
    const moved = await admin.put<Refusal>(`/api/v1/database/${ok.body.id}`, {
      sqlalchemy_uri: 'sqlite:////etc/passwd',
    });
    expect(moved.status).toBe(422);
    expect(uriMessage(moved.body)).toMatch(OUTSIDE);
    // An Alpha may not re-point one either (even inside the folder).
    const byAlpha = await alpha.put<Refusal>(`/api/v1/database/${ok.body.id}`, {
      sqlalchemy_uri: 'duckdb:///uploads/other.duckdb',
    });
    expect(byAlpha.status).toBe(422);
    expect(uriMessage(byAlpha.body)).toMatch(SECURITY);
  });

  it('keeps a database stored before the rules working, but it cannot be re-pointed', async () => {
    const row = await server.strata.store.db
      .insertInto('dbs')
      .values(
        newDatabaseRow({
          uuid: crypto.randomUUID(),
          database_name: `legacy ${target.name}`,
          sqlalchemy_uri: `sqlite:///${analytics.file}`,
          password: null,
          configuration_method: 'sqlalchemy_form',
          userId: null,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    const tables = await admin.get(`/api/v1/database/${row.id}/tables/`, {
      schema_name: 'main',
      force: false,
    });
    expect(tables.status, JSON.stringify(tables.body)).toBe(200);
    // The edit form sends the same URI back with other changes: accepted.
    const renamed = await admin.put(`/api/v1/database/${row.id}`, {
      database_name: `legacy ${target.name} renamed`,
      sqlalchemy_uri: `sqlite:///${analytics.file}`,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const moved = await admin.put<Refusal>(`/api/v1/database/${row.id}`, {
      sqlalchemy_uri: `sqlite:///${otherInstance}`,
    });
    expect(moved.status).toBe(422);
  });
});
