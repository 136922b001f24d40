/**
 * Issue 16 (found with point 8): `test_connection` and `validate_parameters` reused the stored
 * password of whichever database the body NAMED and sent it to whatever host the submitted URI
 * named, so an Alpha could collect any stored password on a host of their own (Superset's CVE
 * class). Now a masked password is replaced by the stored one only for a caller who may edit
 * that database and an unchanged target (engine, host, port, user, database, query); PUT keeps
 * the stored password on a changed target neither. A TCP listener of the test plays a
 * PostgreSQL server asking for a cleartext password and records what arrives.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/client.js';
import { PG_ADMIN_URL, metadataTargets, requirePostgres } from '../helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../helpers/server.js';
import { roleId } from '../helpers/users.js';

const PG_URL = PG_ADMIN_URL;
const SECRET = 'Stored-S3cret-never-sent';
const MASK = 'XXXXXXXXXX';

const pgDown = await requirePostgres();

/**
 * A fake PostgreSQL server: answers every startup message with AuthenticationCleartextPassword,
 * so a client sends its password in the clear, and keeps all bytes it receives.
 */
async function passwordTrap(): Promise<{
  port: number;
  received: () => Buffer;
  close: () => void;
}> {
  const chunks: Buffer[] = [];
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    let asked = false;
    socket.on('data', (data) => {
      chunks.push(data);
      if (!asked) {
        asked = true;
        const ask = Buffer.alloc(9);
        ask.write('R', 0, 'latin1');
        ask.writeInt32BE(8, 1);
        ask.writeInt32BE(3, 5); // cleartext password
        socket.write(ask);
      } else socket.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    received: () => Buffer.concat(chunks),
    close: () => server.close(),
  };
}

type Answer = { message?: unknown; errors?: Array<{ message: string; error_type: string }> };

const targets = await metadataTargets();

for (const target of targets) {
  describe.skipIf(pgDown !== null)(`stored database passwords (${target.name} metadata)`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let alpha: ApiClient;
    let trap: Awaited<ReturnType<typeof passwordTrap>>;
    let storedId = 0;
    const pgUrl = new URL(PG_URL);
    // The real database, with a password (the local server trusts any).
    const storedUri = `postgresql://postgres:${SECRET}@${pgUrl.hostname}:${pgUrl.port || 5432}${pgUrl.pathname}`;
    const maskedStored = storedUri.replace(SECRET, MASK);

    beforeAll(async () => {
      trap = await passwordTrap();
      server = await startServer(target);
      admin = new ApiClient(server.baseUrl);
      await admin.loginWithToken('admin', ADMIN_PASSWORD);
      const created = await admin.post('/api/v1/security/users/', {
        username: 'alpha_pw',
        first_name: 'Al',
        last_name: 'Pha',
        email: 'alpha_pw@example.com',
        password: 'password-123',
        active: true,
        roles: [await roleId(admin, 'Alpha')],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      alpha = new ApiClient(server.baseUrl);
      await alpha.loginWithToken('alpha_pw', 'password-123');
      const db = await admin.post<{ id: number }>('/api/v1/database/', {
        database_name: 'secret_db',
        sqlalchemy_uri: storedUri,
      });
      expect(db.status, JSON.stringify(db.body)).toBe(201);
      storedId = db.body.id;
    }, 60_000);
    afterAll(async () => {
      trap?.close();
      await server?.close();
    });

    const trapUri = (user = 'postgres') =>
      `postgresql://${user}:${MASK}@127.0.0.1:${trap.port}${pgUrl.pathname}`;
    const secretArrived = () => trap.received().includes(Buffer.from(SECRET));

    it('never sends the stored password to another host from test_connection, whoever asks', async () => {
      for (const [who, client] of [
        ['alpha', alpha],
        ['admin', admin],
      ] as const) {
        for (const uri of [
          trapUri(),
          trapUri('other'),
          // The host in the query, the stored host in the authority.
          `${maskedStored}?host=127.0.0.1&port=${trap.port}`,
        ]) {
          const res = await client.post<Answer>('/api/v1/database/test_connection/', {
            database_name: 'secret_db',
            sqlalchemy_uri: uri,
          });
          expect(res.status, `${who} ${uri}: ${JSON.stringify(res.body)}`).toBe(422);
          expect(res.body.errors?.[0]?.message).toMatch(/Provide the password/);
        }
      }
      expect(secretArrived()).toBe(false);
    });

    it('never sends it from validate_parameters either', async () => {
      for (const client of [alpha, admin]) {
        const params = {
          host: '127.0.0.1',
          port: trap.port,
          username: 'postgres',
          database: pgUrl.pathname.slice(1),
        };
        const masked = await client.post<Answer>('/api/v1/database/validate_parameters/', {
          engine: 'postgresql',
          database_name: 'secret_db',
          parameters: { ...params, password: MASK },
        });
        expect(masked.status, JSON.stringify(masked.body)).toBe(422);
        expect(masked.body.errors?.[0]?.message).toMatch(/Provide the password/);
        // No password at all: tested as given, without the stored one.
        const none = await client.post<Answer>('/api/v1/database/validate_parameters/', {
          engine: 'postgresql',
          database_name: 'secret_db',
          parameters: params,
        });
        expect(none.status, JSON.stringify(none.body)).toBe(422);
      }
      // The trap was reached (without a password) and never saw the secret.
      expect(trap.received().length).toBeGreaterThan(0);
      expect(secretArrived()).toBe(false);
    });

    it('does not keep the stored password when PUT re-points the database', async () => {
      const moved = await admin.put<Answer>(`/api/v1/database/${storedId}`, {
        sqlalchemy_uri: trapUri(),
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(422);
      expect(JSON.stringify(moved.body.message)).toMatch(/Provide the password/);
      const read = await admin.get<{ result: { sqlalchemy_uri: string } }>(
        `/api/v1/database/${storedId}`,
      );
      expect(read.body.result.sqlalchemy_uri).toBe(maskedStored);
      // A new password with the new target is taken (and then put back).
      const withPassword = await admin.put(`/api/v1/database/${storedId}`, {
        sqlalchemy_uri: storedUri.replace(SECRET, 'another-one'),
      });
      expect(withPassword.status, JSON.stringify(withPassword.body)).toBe(200);
      const back = await admin.put(`/api/v1/database/${storedId}`, { sqlalchemy_uri: storedUri });
      expect(back.status).toBe(200);
      // The edit form sending the same target with the mask keeps the password.
      const same = await admin.put(`/api/v1/database/${storedId}`, {
        sqlalchemy_uri: maskedStored,
      });
      expect(same.status, JSON.stringify(same.body)).toBe(200);
      expect(secretArrived()).toBe(false);
    });

    it('still lets an editor test the stored database with its target unchanged', async () => {
      for (const client of [admin, alpha]) {
        const res = await client.post<Answer>('/api/v1/database/test_connection/', {
          database_name: 'secret_db',
          sqlalchemy_uri: maskedStored,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const params = await client.post<Answer>('/api/v1/database/validate_parameters/', {
          engine: 'postgresql',
          database_name: 'secret_db',
          parameters: {
            host: pgUrl.hostname,
            port: Number(pgUrl.port || 5432),
            username: 'postgres',
            database: pgUrl.pathname.slice(1),
            password: MASK,
          },
        });
        expect(params.status, JSON.stringify(params.body)).toBe(200);
      }
    });
  });
}
