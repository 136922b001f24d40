import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDatabaseRow } from '../src/databases/write.js';
import { ApiClient } from './helpers/client.js';
import { makeSqliteAnalytics } from './helpers/analytics.js';
import { metadataTargets, PG_ADMIN_URL } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';

const targets = await metadataTargets();
const MYSQL_URL = process.env.STRATA_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';

interface ErrorsBody {
  message: string;
  errors: Array<{ message: string; error_type: string; extra: Record<string, unknown> }>;
}

describe.each(targets)('databases on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  const analytics = makeSqliteAnalytics();
  let dbId: number;

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
    analytics.drop();
  });

  it('lists the engines it can connect, with their parameter forms', async () => {
    const res = await admin.get<Array<{ engine: string; name: string; parameters: unknown }>>(
      '/api/v1/database/available/',
    );
    expect(res.status).toBe(200);
    expect(res.body.map((e) => e.engine).sort()).toEqual([
      'duckdb',
      'mysql',
      'postgresql',
      'sqlite',
    ]);
    expect(res.body.find((e) => e.engine === 'postgresql')!.parameters).toBeTruthy();
  });

  it('tests connections: good ones answer OK, bad ones a clear 422', async () => {
    const ok = async (uri: string) => {
      const res = await admin.post('/api/v1/database/test_connection/', { sqlalchemy_uri: uri });
      expect(res.status, `${uri}: ${JSON.stringify(res.body)}`).toBe(200);
    };
    const bad = async (uri: string, errorType: string) => {
      const res = await admin.post<ErrorsBody>('/api/v1/database/test_connection/', {
        sqlalchemy_uri: uri,
      });
      expect(res.status, uri).toBe(422);
      expect(res.body.errors[0]!.error_type, `${uri}: ${res.body.message}`).toBe(errorType);
      expect(res.body.message.length).toBeGreaterThan(5);
    };
    await ok(`sqlite:///${analytics.file}`);
    await ok(PG_ADMIN_URL);
    await ok(MYSQL_URL);
    await bad(`sqlite:///${analytics.dir}/missing.db`, 'CONNECTION_UNKNOWN_DATABASE_ERROR');
    await bad('postgresql://postgres@127.0.0.1:1/test', 'CONNECTION_PORT_CLOSED_ERROR');
    await bad(
      'postgresql://postgres@no-such-host.invalid:5432/test',
      'CONNECTION_INVALID_HOSTNAME_ERROR',
    );
    await bad(
      'postgresql://postgres@127.0.0.1:5432/no_such_database_here',
      'CONNECTION_UNKNOWN_DATABASE_ERROR',
    );
    await bad('mysql://root:wrong-password@127.0.0.1:3306/test', 'CONNECTION_ACCESS_DENIED_ERROR');
    await bad('oracle://u:p@h/db', 'GENERIC_DB_ENGINE_ERROR');
    await bad('not a uri at all', 'GENERIC_DB_ENGINE_ERROR');
  });

  it("refuses connections to the app's own files", async () => {
    const files = [`sqlite:///${server.dataDir}/secret_key`];
    if (target.name === 'sqlite')
      files.push(`sqlite:///${server.dataDir}/strata.db`, 'sqlite:///strata.db');
    for (const uri of files) {
      const test = await admin.post<ErrorsBody>('/api/v1/database/test_connection/', {
        sqlalchemy_uri: uri,
      });
      expect(test.status, uri).toBe(422);
      expect(test.body.message).toMatch(/own store/);
      const create = await admin.post('/api/v1/database/', {
        database_name: `own ${uri}`,
        sqlalchemy_uri: uri,
      });
      expect(create.status, uri).toBe(422);
    }
  });

  it('validates parameters, naming the missing ones', async () => {
    const missing = await admin.post<ErrorsBody>('/api/v1/database/validate_parameters/', {
      engine: 'postgresql',
      parameters: { host: '127.0.0.1' },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]!.error_type).toBe('CONNECTION_MISSING_PARAMETERS_ERROR');
    expect(missing.body.errors[0]!.extra.missing).toEqual(
      expect.arrayContaining(['port', 'username', 'database']),
    );
    const good = await admin.post('/api/v1/database/validate_parameters/', {
      engine: 'postgresql',
      parameters: { host: '127.0.0.1', port: 5432, username: 'postgres', database: 'test' },
    });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
  });

  it('uses the stored password when validating the parameters of a stored database', async () => {
    const user = `strata_pw_${target.name}`;
    const root = await mysql.createConnection(MYSQL_URL);
    try {
      await root.query(`DROP USER IF EXISTS '${user}'@'%'`);
      await root.query(`CREATE USER '${user}'@'%' IDENTIFIED BY 'Secret-Pw-1'`);
      await root.query(`GRANT SELECT ON test.* TO '${user}'@'%'`);
      const params = { host: '127.0.0.1', port: 3306, username: user, database: 'test' };
      const created = await admin.post('/api/v1/database/', {
        database_name: `maria ${target.name}`,
        engine: 'mysql',
        parameters: { ...params, password: 'Secret-Pw-1' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const masked = await admin.post('/api/v1/database/validate_parameters/', {
        engine: 'mysql',
        database_name: `maria ${target.name}`,
        parameters: { ...params, password: 'XXXXXXXXXX' },
      });
      expect(masked.status, JSON.stringify(masked.body)).toBe(200);
      const wrong = await admin.post<ErrorsBody>('/api/v1/database/validate_parameters/', {
        engine: 'mysql',
        database_name: `maria ${target.name}`,
        parameters: { ...params, password: 'not-it' },
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors[0]!.error_type).toBe('CONNECTION_ACCESS_DENIED_ERROR');
    } finally {
      await root.query(`DROP USER IF EXISTS '${user}'@'%'`);
      await root.end();
    }
  });

  it('creates a connection from parameters, with the password kept apart', async () => {
    const res = await admin.post<{
      id: number;
      result: { sqlalchemy_uri: string; backend: string };
    }>('/api/v1/database/', {
      database_name: 'pg from form',
      engine: 'postgresql',
      parameters: {
        host: '127.0.0.1',
        port: 5432,
        username: 'postgres',
        password: 's3cret',
        database: 'test',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.result.sqlalchemy_uri).toBe(
      'postgresql+psycopg2://postgres:XXXXXXXXXX@127.0.0.1:5432/test',
    );
    expect(res.body.result.backend).toBe('postgresql');
    const schemas = await admin.get<{ result: string[] }>(
      `/api/v1/database/${res.body.id}/schemas/`,
    );
    expect(schemas.body.result).toContain('public');
  });

  it("saves no database whose connection fails, and says why (Superset's 422)", async () => {
    const refused = async (body: Record<string, unknown>, errorType: string) => {
      const res = await admin.post<ErrorsBody>('/api/v1/database/', body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.message).toBe('Connection failed, please check your connection settings');
      expect(res.body.errors[0]!.error_type, res.body.errors[0]!.message).toBe(errorType);
      expect(res.body.errors[0]!.message.length).toBeGreaterThan(5);
      const name = String(body.database_name);
      const list = await admin.get<{ count: number }>('/api/v1/database/', {
        filters: [{ col: 'database_name', opr: 'eq', value: name }],
      });
      expect(list.body.count, `${name} was not saved`).toBe(0);
      const pvs = await admin.get<{ count: number }>('/api/v1/security/permissions-resources/', {
        filters: [{ col: 'view_menu', opr: 'ct', value: `[${name}]` }],
      });
      expect(pvs.body.count, `${name} has no permission`).toBe(0);
    };
    await refused(
      { database_name: 'closed port', sqlalchemy_uri: 'postgresql://postgres@127.0.0.1:1/test' },
      'CONNECTION_PORT_CLOSED_ERROR',
    );
    await refused(
      {
        database_name: 'wrong password',
        engine: 'mysql',
        parameters: {
          host: '127.0.0.1',
          port: 3306,
          username: 'root',
          password: 'wrong-password',
          database: 'test',
        },
      },
      'CONNECTION_ACCESS_DENIED_ERROR',
    );
    await refused(
      { database_name: 'missing file', sqlalchemy_uri: `sqlite:///${analytics.dir}/missing.db` },
      'CONNECTION_UNKNOWN_DATABASE_ERROR',
    );
    // The body's own problems are answered first, as before: no connection is tried.
    const nameless = await admin.post<{ message: Record<string, string[]> }>('/api/v1/database/', {
      sqlalchemy_uri: 'postgresql://postgres@127.0.0.1:1/test',
    });
    expect(nameless.status).toBe(400);
  });

  it('tests an edited connection before saving it, and only when it changes', async () => {
    const created = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: 'edited pg',
      sqlalchemy_uri: 'postgresql://postgres:first-pw@127.0.0.1:5432/test',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    const stored = async () =>
      server.strata.store.db
        .selectFrom('dbs')
        .select(['database_name', 'sqlalchemy_uri', 'password'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const before = await stored();
    // Another target that cannot be reached: refused, nothing of the body written.
    const moved = await admin.put<ErrorsBody>(`/api/v1/database/${id}`, {
      database_name: 'edited pg renamed',
      sqlalchemy_uri: 'postgresql://postgres:other-pw@127.0.0.1:1/test',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(422);
    expect(moved.body.message).toBe('Connection failed, please check your connection settings');
    expect(moved.body.errors[0]!.error_type).toBe('CONNECTION_PORT_CLOSED_ERROR');
    // The parameters form is tested the same way (an unknown database this time).
    const params = {
      host: '127.0.0.1',
      port: 5432,
      username: 'postgres',
      database: 'no_such_database_here',
    };
    const unknown = await admin.put<ErrorsBody>(`/api/v1/database/${id}`, {
      engine: 'postgresql',
      parameters: { ...params, password: 'third-pw' },
    });
    expect(unknown.status, JSON.stringify(unknown.body)).toBe(422);
    expect(unknown.body.errors[0]!.error_type).toBe('CONNECTION_UNKNOWN_DATABASE_ERROR');
    expect(await stored()).toEqual(before);
    const schemas = await admin.get<{ result: string[] }>(`/api/v1/database/${id}/schemas/`);
    expect(schemas.body.result).toContain('public');
    // The form's URI of the same target with the stored password (the mask): tested with the
    // stored password, saved.
    const sameTarget = await admin.put(`/api/v1/database/${id}`, {
      engine: 'postgresql',
      parameters: { ...params, database: 'test', password: 'XXXXXXXXXX' },
    });
    expect(sameTarget.status, JSON.stringify(sameTarget.body)).toBe(200);
    expect((await stored()).password).toBe(before.password);
    // A new password for the same target is tested too (trust authentication accepts it).
    const newPassword = await admin.put(`/api/v1/database/${id}`, {
      database_name: 'edited pg renamed',
      sqlalchemy_uri: 'postgresql://postgres:second-pw@127.0.0.1:5432/test',
    });
    expect(newPassword.status, JSON.stringify(newPassword.body)).toBe(200);
    const after = await stored();
    expect(after.database_name).toBe('edited pg renamed');
    expect(after.password).not.toBe(before.password);
    expect((await admin.delete(`/api/v1/database/${id}`)).status).toBe(200);
  });

  it('keeps editing a stored database that cannot be reached, while its connection stays', async () => {
    const uri = 'postgresql://postgres@127.0.0.1:1/test';
    const row = await server.strata.store.db
      .insertInto('dbs')
      .values(
        newDatabaseRow({
          uuid: crypto.randomUUID(),
          database_name: 'down pg',
          sqlalchemy_uri: uri,
          password: null,
          configuration_method: 'sqlalchemy_form',
          userId: null,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    // The edit form sends the URI back with the other fields: no test, saved.
    const renamed = await admin.put(`/api/v1/database/${row.id}`, {
      database_name: 'down pg renamed',
      sqlalchemy_uri: uri,
      expose_in_sqllab: false,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    // Pointing it at a reachable database is the repair: tested, saved.
    const repaired = await admin.put(`/api/v1/database/${row.id}`, {
      sqlalchemy_uri: 'postgresql://postgres@127.0.0.1:5432/test',
    });
    expect(repaired.status, JSON.stringify(repaired.body)).toBe(200);
    const schemas = await admin.get<{ result: string[] }>(`/api/v1/database/${row.id}/schemas/`);
    expect(schemas.body.result).toContain('public');
    expect((await admin.delete(`/api/v1/database/${row.id}`)).status).toBe(200);
  });

  it('browses schemas, tables and table metadata of a connected database', async () => {
    const created = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: 'shop',
      sqlalchemy_uri: `sqlite:///${analytics.file}`,
    });
    expect(created.status).toBe(201);
    dbId = created.body.id;
    const schemas = await admin.get<{ result: string[] }>(`/api/v1/database/${dbId}/schemas/`);
    expect(schemas.body.result).toEqual(['main']);
    const tables = await admin.get<{
      count: number;
      result: Array<{ value: string; type: string }>;
    }>(`/api/v1/database/${dbId}/tables/`, { schema_name: 'main' });
    expect(tables.body.result).toEqual([
      { value: 'big_orders', type: 'view', extra: null },
      { value: 'customers', type: 'table', extra: null },
      { value: 'orders', type: 'table', extra: null },
    ]);
    const meta = await admin.get<{
      columns: Array<{ name: string; type: string; type_generic: number }>;
      primaryKey: { constrained_columns: string[] };
      foreignKeys: Array<{ referred_table: string }>;
      indexes: Array<{ name: string }>;
      selectStar: string;
    }>(`/api/v1/database/${dbId}/table/orders/main/`);
    expect(meta.status).toBe(200);
    expect(meta.body.columns.map((c) => c.name)).toEqual([
      'id',
      'customer_id',
      'ordered_at',
      'amount',
      'status',
    ]);
    expect(meta.body.columns.find((c) => c.name === 'ordered_at')!.type_generic).toBe(2);
    expect(meta.body.primaryKey.constrained_columns).toEqual(['id']);
    expect(meta.body.foreignKeys[0]!.referred_table).toBe('customers');
    expect(meta.body.indexes.map((i) => i.name)).toContain('orders_status_idx');
    expect(meta.body.selectStar).toMatch(
      /^SELECT\n {2}"id",[\s\S]*FROM "main"\."orders"\nLIMIT 100$/,
    );
    const star = await admin.get<{ result: string }>(
      `/api/v1/database/${dbId}/select_star/customers/main/`,
    );
    expect(star.body.result).toContain('FROM "main"."customers"');
    expect((await admin.get(`/api/v1/database/${dbId}/table_extra/orders/main/`)).body).toEqual({});
    const fns = await admin.get<{ function_names: string[] }>(
      `/api/v1/database/${dbId}/function_names/`,
    );
    expect(fns.body.function_names).toEqual(expect.arrayContaining(['sum', 'count']));
  });

  it('answers a missing or malicious table name with 404, and the data stays', async () => {
    expect((await admin.get(`/api/v1/database/${dbId}/table/nope/main/`)).status).toBe(404);
    const evil = encodeURIComponent('orders"; DROP TABLE orders; --');
    const res = await admin.get(`/api/v1/database/${dbId}/table/${evil}/main/`);
    expect(res.status).toBe(404);
    const schemaEvil = encodeURIComponent("main'; DROP TABLE customers; --");
    expect((await admin.get(`/api/v1/database/${dbId}/table/orders/${schemaEvil}/`)).status).toBe(
      404,
    );
    const tables = await admin.get<{ count: number }>(`/api/v1/database/${dbId}/tables/`, {
      schema_name: 'main',
    });
    expect(tables.body.count).toBe(3);
    expect((await admin.get('/api/v1/database/999999/schemas/')).status).toBe(404);
  });

  it('shows a database to a Gamma user only when a role grants database_access', async () => {
    const role = await admin.post<{ id: number }>('/api/v1/security/roles/', {
      name: 'shop_readers',
    });
    await admin.post('/api/v1/security/users/', {
      username: 'gus',
      first_name: 'Gus',
      last_name: 'Gamma',
      email: 'gus@example.com',
      password: 'password-123',
      roles: [
        role.body.id,
        (
          await admin.get<{ result: Array<{ id: number }> }>('/api/v1/security/roles/', {
            filters: [{ col: 'name', opr: 'eq', value: 'Gamma' }],
          })
        ).body.result[0]!.id,
      ],
    });
    const gus = new ApiClient(server.baseUrl);
    await gus.loginWithToken('gus', 'password-123');
    expect((await gus.get<{ count: number }>('/api/v1/database/')).body.count).toBe(0);
    expect((await gus.get(`/api/v1/database/${dbId}/schemas/`)).status).toBe(404);

    const pvs = await admin.get<{
      result: Array<{ id: number; permission: { name: string }; view_menu: { name: string } }>;
    }>('/api/v1/security/permissions-resources/', {
      filters: [{ col: 'view_menu', opr: 'eq', value: `[shop].(id:${dbId})` }],
    });
    expect(pvs.body.result).toHaveLength(1);
    expect(pvs.body.result[0]!.permission.name).toBe('database_access');
    await admin.post(`/api/v1/security/roles/${role.body.id}/permissions`, {
      permission_view_menu_ids: [pvs.body.result[0]!.id],
    });
    const list = await gus.get<{ result: Array<{ database_name: string }> }>('/api/v1/database/');
    expect(list.body.result.map((d) => d.database_name)).toEqual(['shop']);
    expect(
      (await gus.get<{ result: string[] }>(`/api/v1/database/${dbId}/schemas/`)).body.result,
    ).toEqual(['main']);
    expect(
      (
        await gus.post('/api/v1/database/', {
          database_name: 'x',
          sqlalchemy_uri: `sqlite:///${analytics.file}`,
        })
      ).status,
    ).toBe(403);
  });

  it('renames a database with its permission, and deletes it with its permission', async () => {
    const renamed = await admin.put(`/api/v1/database/${dbId}`, { database_name: 'shop2' });
    expect(renamed.status).toBe(200);
    const pvs = await admin.get<{ count: number }>('/api/v1/security/permissions-resources/', {
      filters: [{ col: 'view_menu', opr: 'eq', value: `[shop2].(id:${dbId})` }],
    });
    expect(pvs.body.count).toBe(1);
    expect((await admin.delete(`/api/v1/database/${dbId}`)).status).toBe(200);
    const gone = await admin.get<{ count: number }>('/api/v1/security/permissions-resources/', {
      filters: [{ col: 'view_menu', opr: 'ct', value: `(id:${dbId})` }],
    });
    expect(gone.body.count).toBe(0);
  });
});
