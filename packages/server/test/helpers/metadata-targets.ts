import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** A metadata store the API tests run against. */
export interface MetadataTarget {
  name: 'sqlite' | 'postgresql';
  /** Creates a fresh, empty store and returns its URL and a cleanup. */
  create(): Promise<{ url: string; dataDir: string; drop(): Promise<void> }>;
}

export const PG_ADMIN_URL =
  process.env.STRATA_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

export function tempDir(prefix = 'strata-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Why PostgreSQL at `url` cannot be used, or null when it answers. */
export async function postgresProblem(url = PG_ADMIN_URL): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const sqliteTarget: MetadataTarget = {
  name: 'sqlite',
  async create() {
    const dataDir = tempDir();
    return {
      url: `sqlite:///${path.join(dataDir, 'strata.db')}`,
      dataDir,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  },
};

const postgresTarget: MetadataTarget = {
  name: 'postgresql',
  async create() {
    const dataDir = tempDir();
    const name = `strata_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      dataDir,
      drop: async () => {
        const c = new pg.Client({ connectionString: PG_ADMIN_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

/**
 * The stores to test: SQLite always; PostgreSQL when reachable. With CI=true an unreachable
 * PostgreSQL fails the run instead of being skipped.
 */
export async function metadataTargets(): Promise<MetadataTarget[]> {
  const problem = await postgresProblem();
  if (problem === null) return [sqliteTarget, postgresTarget];
  if (process.env.CI === 'true') {
    throw new Error(
      `PostgreSQL at ${PG_ADMIN_URL} is required with CI=true but unreachable: ${problem}`,
    );
  }
  console.warn(`PostgreSQL unreachable (${problem}); API tests run on SQLite only`);
  return [sqliteTarget];
}

/**
 * PostgreSQL for a test file that also uses it as an analytics engine: why it is unreachable
 * (its tests are then left out), or null. With CI=true an unreachable PostgreSQL fails the run.
 */
export async function requirePostgres(): Promise<string | null> {
  const problem = await postgresProblem();
  if (problem && process.env.CI === 'true')
    throw new Error(`PostgreSQL is required with CI=true but unreachable: ${problem}`);
  if (problem) console.warn(`PostgreSQL unreachable (${problem}): its tests are left out`);
  return problem;
}
