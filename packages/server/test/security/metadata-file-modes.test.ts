/**
 * Issue 16 point 15: the data dir's files (metadata store and its WAL/SHM, secret key, SQL Lab
 * results, uploads and file databases) are private to the server's user: files 0600, folders
 * 0700, both when the built server makes them and when a data dir holds looser ones at start.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../helpers/child-server.js';
import { ApiClient } from '../helpers/client.js';
import { metadataTargets, tempDir } from '../helpers/metadata-targets.js';
import { ADMIN_PASSWORD } from '../helpers/server.js';
import { emptyDuckdbFile } from '../helpers/table-dataset.js';

const targets = await metadataTargets();
const sqlite = targets.find((t) => t.name === 'sqlite')!;

/** Every entry under `dir` (itself included) whose mode lets group or others in. */
function looseEntries(dir: string): string[] {
  const out: string[] = [];
  const visit = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    if ((st.mode & 0o077) !== 0) out.push(`${p} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) visit(path.join(p, e));
  };
  visit(dir);
  return out;
}

function allFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/**
 * Makes the server write into a file database (a table; the file itself is made here, private:
 * a database is only connected once its file opens) and SQL Lab results.
 */
async function useTheServer(baseUrl: string, dataDir: string): Promise<void> {
  const admin = new ApiClient(baseUrl);
  await admin.loginWithToken('admin', ADMIN_PASSWORD);
  const uploads = path.join(dataDir, 'uploads');
  await emptyDuckdbFile(uploads, 'lab.duckdb');
  fs.chmodSync(path.join(uploads, 'lab.duckdb'), 0o600);
  const db = await admin.post<{ id: number }>('/api/v1/database/', {
    database_name: 'modes lab',
    sqlalchemy_uri: 'duckdb:///uploads/lab.duckdb',
    allow_dml: true,
    expose_in_sqllab: true,
  });
  expect(db.status, JSON.stringify(db.body)).toBe(201);
  for (const sql of ['CREATE TABLE t AS SELECT range AS x FROM range(10)', 'SELECT * FROM t']) {
    const res = await admin.post('/api/v1/sqllab/execute/', {
      client_id: randomBytes(5).toString('hex'),
      database_id: db.body.id,
      sql,
      runAsync: false,
      json: true,
      schema: null,
      tab: 'modes',
      sql_editor_id: '1',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

describe('file modes of the data dir', () => {
  const servers: ChildServer[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('makes every file 0600 and every folder 0700 on a fresh data dir', async () => {
    const server = await startChildServer(sqlite, { STRATA_FILE_DATABASE_DIRS: '' });
    servers.push(server);
    await useTheServer(server.baseUrl, server.dataDir);
    const files = allFiles(server.dataDir);
    // What the store, the key, SQL Lab and the file database wrote is all there…
    expect(files).toEqual(
      expect.arrayContaining(['strata.db', 'strata.db-wal', 'strata.db-shm', 'secret_key']),
    );
    expect(files.some((f) => f.startsWith(`results${path.sep}`))).toBe(true);
    expect(files.some((f) => f.startsWith(`uploads${path.sep}lab.duckdb`))).toBe(true);
    // …and private.
    expect(looseEntries(server.dataDir)).toEqual([]);
  }, 120_000);

  it('tightens what an existing data dir holds at start', async () => {
    const dataDir = tempDir('strata-loose-');
    dirs.push(dataDir);
    fs.chmodSync(dataDir, 0o755);
    fs.mkdirSync(path.join(dataDir, 'results', 'old'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'results', 'old', '0.json'), '[]');
    fs.writeFileSync(path.join(dataDir, 'examples.duckdb'), '');
    fs.writeFileSync(path.join(dataDir, 'secret_key'), `${'k'.repeat(48)}\n`);
    for (const p of ['results', path.join('results', 'old')])
      fs.chmodSync(path.join(dataDir, p), 0o755);
    for (const p of [path.join('results', 'old', '0.json'), 'examples.duckdb', 'secret_key'])
      fs.chmodSync(path.join(dataDir, p), 0o644);
    expect(looseEntries(dataDir).length).toBeGreaterThan(4);

    const server = await startChildServer(sqlite, {
      STRATA_DATA_DIR: dataDir,
      STRATA_METADATA_URL: `sqlite:///${path.join(dataDir, 'strata.db')}`,
    });
    servers.push(server);
    expect(looseEntries(dataDir)).toEqual([]);
  }, 120_000);
});
