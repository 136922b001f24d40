import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type StrataApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { EXAMPLE_TABLES } from '../src/examples/catalogue.js';
import { EXAMPLES_DATABASE_UUID } from '../src/examples/install.js';
import { tempDir } from './helpers/metadata-targets.js';

describe('examples on first start', () => {
  const dataDir = tempDir('strata-examples-install-');
  // The example dashboards add a virtual dataset: they have their own test (example-dashboards).
  const env = {
    STRATA_DATA_DIR: dataDir,
    STRATA_ADMIN_PASSWORD: 'pw-123456',
    STRATA_WEB_DIST: '',
    STRATA_LOAD_EXAMPLE_DASHBOARDS: 'false',
  };
  let app: StrataApp | null = null;

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('registers the examples database and a dataset with metrics on every table, once', async () => {
    app = await buildApp(loadConfig(env), { logger: false });
    expect(app.examples?.datasetsCreated).toHaveLength(EXAMPLE_TABLES.length);
    expect(app.exampleDashboards).toBeNull();
    const db = app.store.db;
    const database = await db
      .selectFrom('dbs')
      .selectAll()
      .where('uuid', '=', EXAMPLES_DATABASE_UUID)
      .executeTakeFirstOrThrow();
    expect(database).toMatchObject({
      database_name: 'examples',
      sqlalchemy_uri: 'duckdb:///examples.duckdb',
    });
    const births = await db
      .selectFrom('tables')
      .selectAll()
      .where('table_name', '=', 'birth_names')
      .executeTakeFirstOrThrow();
    expect(births.main_dttm_col).toBe('ds');
    const metrics = await db
      .selectFrom('sql_metrics')
      .select(['metric_name', 'expression'])
      .where('table_id', '=', births.id)
      .execute();
    expect(metrics.map((m) => m.metric_name)).toEqual(
      expect.arrayContaining(['count', 'sum__num']),
    );
    const computed = await db
      .selectFrom('table_columns')
      .select(['column_name', 'expression'])
      .where('table_id', '=', births.id)
      .where('expression', 'is not', null)
      .execute();
    expect(computed.map((c) => c.column_name)).toContain('num_california');
    const perms = await db
      .selectFrom('ab_view_menu')
      .select('name')
      .where('name', 'like', '[examples].%')
      .execute();
    expect(perms.length).toBe(EXAMPLE_TABLES.length + 1);

    // The datasets answer through the engine: samples of the generated events table.
    const login = await app.app.inject({
      method: 'POST',
      url: '/api/v1/security/login',
      payload: { username: 'admin', password: 'pw-123456', provider: 'db' },
    });
    const token = (login.json() as { access_token: string }).access_token;
    const events = await db
      .selectFrom('tables')
      .select('id')
      .where('table_name', '=', 'events')
      .executeTakeFirstOrThrow();
    const samples = await app.app.inject({
      method: 'POST',
      url: `/datasource/samples?datasource_type=table&datasource_id=${events.id}&per_page=3`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(samples.statusCode).toBe(200);
    const result = (samples.json() as { result: { total_count: number; rowcount: number } }).result;
    expect(result.total_count).toBe(5_000_000);
    expect(result.rowcount).toBe(3);
    await app.close();
    app = await buildApp(loadConfig(env), { logger: false });
    expect(app.examples?.datasetsCreated).toEqual([]);
    expect(app.examples?.load.loaded).toEqual([]);
    const count = await app.store.db
      .selectFrom('tables')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(EXAMPLE_TABLES.length);
  }, 120_000);
});
