import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import type { RequestContext, WriteHandlers } from '../api/resource-types.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { EngineRegistry } from '../engines/registry.js';
import { EngineError } from '../engines/types.js';
import { EXAMPLES_DATABASE_UUID } from '../examples/install.js';
import type { Principal } from '../security/principal.js';
import type { MetadataDb } from '../metadata/db.js';
import { nowIso } from '../metadata/db.js';
import { dropDatabasePermissions, syncDatabasePermission } from './access.js';
import type { DatabaseConnections } from './connections.js';
import { connectionFailedAnswer } from './engine-errors.js';
import { mayReuseStoredPassword, PASSWORD_NEEDED } from './stored-password.js';
import { PASSWORD_MASK, splitUriPassword, uriProblem } from './uri.js';
import { assertNoReportsHold } from '../reports/repository.js';

const jsonText = z.string().refine(
  (t) => {
    if (t.trim() === '') return true;
    try {
      JSON.parse(t);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'Field must be valid JSON' },
);

/** The parameters form of a connection (dynamic_form). */
export const connectionParametersSchema = z.object({
  host: z.string().max(255).optional(),
  port: z.coerce.number().int().optional(),
  username: z.string().max(255).optional(),
  password: z.string().max(1024).optional(),
  database: z.string().max(255).optional(),
  path: z.string().max(1024).optional(),
  query: z.record(z.string(), z.string()).optional(),
});

const fields = {
  database_name: z.string().trim().min(1).max(250),
  sqlalchemy_uri: z.string().trim().min(1).max(1024),
  engine: z.string().max(64),
  parameters: connectionParametersSchema,
  expose_in_sqllab: z.boolean(),
  allow_run_async: z.boolean(),
  allow_dml: z.boolean(),
  allow_ctas: z.boolean(),
  allow_cvas: z.boolean(),
  allow_file_upload: z.boolean(),
  cache_timeout: z.number().int().min(-1).nullable(),
  extra: jsonText,
  impersonate_user: z.boolean(),
  configuration_method: z.enum(['sqlalchemy_form', 'dynamic_form']),
  server_cert: z.string().nullable(),
  uuid: z.uuid(),
  is_managed_externally: z.boolean(),
  external_url: z.string().max(2048).nullable(),
};
// Clients send further keys Superset accepts (driver, masked_encrypted_extra…): they are ignored.
export const createDatabaseSchema = z
  .object(fields)
  .partial()
  .required({ database_name: true })
  .refine(
    (b) => b.sqlalchemy_uri !== undefined || (b.engine !== undefined && b.parameters !== undefined),
    {
      message: 'This is a required field',
      path: ['sqlalchemy_uri'],
    },
  );
export const updateDatabaseSchema = z.object(fields).partial();
type CreateBody = z.infer<typeof createDatabaseSchema>;
type UpdateBody = z.infer<typeof updateDatabaseSchema>;

function invalid(field: string, message: string): ApiError {
  return new ApiError(422, message, { message: { [field]: [message] } });
}

async function assertNameFree(ctx: RequestContext, name: string, exceptId?: number) {
  let q = ctx.db.selectFrom('dbs').select('id').where('database_name', '=', name);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst())
    throw invalid('database_name', 'A database with the same name already exists.');
}

/** A new `dbs` row with the defaults of every flag (all off but "expose in SQL Lab"). */
export function newDatabaseRow(r: {
  uuid: string;
  database_name: string;
  sqlalchemy_uri: string;
  password: string | null;
  configuration_method: string;
  userId: number | null;
}) {
  const now = nowIso();
  return {
    uuid: r.uuid,
    database_name: r.database_name,
    sqlalchemy_uri: r.sqlalchemy_uri,
    password: r.password,
    expose_in_sqllab: true,
    allow_run_async: false,
    allow_dml: false,
    allow_ctas: false,
    allow_cvas: false,
    allow_file_upload: false,
    cache_timeout: null,
    extra: null,
    impersonate_user: false,
    encrypted_extra: null,
    server_cert: null,
    verbose_name: null,
    configuration_method: r.configuration_method,
    is_managed_externally: false,
    external_url: null,
    created_on: now,
    changed_on: now,
    created_by_fk: r.userId,
    changed_by_fk: r.userId,
  };
}

/** The URI of a body: given, or built from the engine's parameters form. */
function uriOf(body: UpdateBody, engines: EngineRegistry): string | undefined {
  if (body.sqlalchemy_uri !== undefined) return body.sqlalchemy_uri;
  if (body.engine === undefined || body.parameters === undefined) return undefined;
  const spec = engines.byEngine(body.engine);
  if (!spec) throw invalid('engine', `Could not load database driver: ${body.engine}`);
  const problems = spec.validateParameters(body.parameters);
  if (Object.keys(problems).length) {
    throw new ApiError(422, 'Invalid parameters', {
      message: Object.fromEntries(
        Object.entries(problems).map(([k, m]) => [`parameters.${k}`, [m]]),
      ),
    });
  }
  return spec.buildUri(body.parameters);
}

/**
 * Whether an edit's URI (password split off, `password` the one given, the mask or none)
 * connects differently from the stored database: another target, or another password.
 */
function connectionChanged(
  stored: { sqlalchemy_uri: string; password: string | null },
  masked: string,
  password: string | null,
  decrypt: (encrypted: string) => string,
): boolean {
  if (stored.sqlalchemy_uri !== masked) return true;
  if (password === PASSWORD_MASK) return false;
  if (password === null || stored.password === null) return password !== stored.password;
  try {
    return decrypt(stored.password) !== password;
  } catch {
    // A stored password the key cannot read: the new one is a change.
    return true;
  }
}

/**
 * Creating, editing and deleting database connections. The password is kept encrypted apart
 * from the URI; each database gets its `database_access` permission in the same transaction.
 */
export function databaseWriteHandlers(
  box: SecretBox,
  engines: EngineRegistry,
  connections: DatabaseConnections,
): WriteHandlers<CreateBody, UpdateBody> {
  const flags = (b: UpdateBody) => ({
    ...(b.expose_in_sqllab !== undefined && { expose_in_sqllab: b.expose_in_sqllab }),
    ...(b.allow_run_async !== undefined && { allow_run_async: b.allow_run_async }),
    ...(b.allow_dml !== undefined && { allow_dml: b.allow_dml }),
    ...(b.allow_ctas !== undefined && { allow_ctas: b.allow_ctas }),
    ...(b.allow_cvas !== undefined && { allow_cvas: b.allow_cvas }),
    ...(b.allow_file_upload !== undefined && { allow_file_upload: b.allow_file_upload }),
    ...(b.impersonate_user !== undefined && { impersonate_user: b.impersonate_user }),
    ...(b.cache_timeout !== undefined && { cache_timeout: b.cache_timeout }),
    ...(b.extra !== undefined && { extra: b.extra.trim() === '' ? null : b.extra }),
    ...(b.configuration_method !== undefined && { configuration_method: b.configuration_method }),
    ...(b.server_cert !== undefined && { server_cert: b.server_cert }),
    ...(b.is_managed_externally !== undefined && {
      is_managed_externally: b.is_managed_externally,
    }),
    ...(b.external_url !== undefined && { external_url: b.external_url }),
  });
  const checkUri = (uri: string, principal: Principal, examplesDatabase = false) => {
    const problem = uriProblem(uri);
    if (problem) throw invalid('sqlalchemy_uri', problem);
    try {
      engines.forUri(uri);
      // Who may connect file databases first: a refusal there says nothing of the path.
      connections.assertMayConnect(uri, principal, examplesDatabase);
      connections.assertAllowedUri(uri);
    } catch (e) {
      // Our own refusals name the problem; anything else is not echoed to the client.
      if (e instanceof EngineError || e instanceof ApiError)
        throw invalid('sqlalchemy_uri', e.message);
      throw e;
    }
  };
  /**
   * Superset saves no database it cannot connect to: the connection is tested first (the
   * stored password stands in for the mask) and a failure refuses the write.
   */
  const assertConnects = async (
    uri: string,
    storedPassword: string | null,
    principal: Principal,
    examplesDatabase = false,
  ): Promise<void> => {
    try {
      await connections.test(uri, storedPassword, principal, examplesDatabase);
    } catch (e) {
      if (e instanceof ApiError) throw e;
      throw connectionFailedAnswer(e);
    }
  };
  return {
    createSchema: createDatabaseSchema,
    updateSchema: updateDatabaseSchema,
    async create(ctx, body) {
      const uri = uriOf(body, engines)!;
      checkUri(uri, ctx.principal);
      await assertNameFree(ctx, body.database_name);
      const { masked, password } = splitUriPassword(uri);
      if (password === PASSWORD_MASK)
        throw invalid('sqlalchemy_uri', 'Provide the password of the connection');
      await assertConnects(uri, null, ctx.principal);
      return ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('dbs')
          .values({
            ...newDatabaseRow({
              uuid: body.uuid ?? randomUUID(),
              database_name: body.database_name,
              sqlalchemy_uri: masked,
              password: password === null ? null : box.encrypt(password),
              configuration_method: body.parameters ? 'dynamic_form' : 'sqlalchemy_form',
              userId: ctx.principal.id,
            }),
            ...flags(body),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await syncDatabasePermission(trx, { id: row.id, database_name: body.database_name });
        return row.id;
      });
    },
    async update(ctx, id, body) {
      let uriChange: { sqlalchemy_uri: string; password?: string | null } | null = null;
      let connectionTest: (() => Promise<void>) | null = null;
      const uri = uriOf(body, engines);
      if (uri !== undefined) {
        const { masked, password } = splitUriPassword(uri);
        const stored = await ctx.db
          .selectFrom('dbs')
          .select(['sqlalchemy_uri', 'uuid', 'password'])
          .where('id', '=', id)
          .executeTakeFirst();
        // The same URI kept (the edit form sends it back) is no re-pointing: a database stored
        // before the file rules keeps working; a new target is checked as on create.
        const kept =
          stored?.sqlalchemy_uri === masked && (password === null || password === PASSWORD_MASK);
        if (!kept) {
          checkUri(uri, ctx.principal, stored?.uuid === EXAMPLES_DATABASE_UUID);
        }
        // The mask means "keep the stored password": only while the target stays the same
        // (the caller may edit this database: the PUT route checked), else the stored
        // password would go to the new host.
        if (
          password === PASSWORD_MASK &&
          stored?.password &&
          !mayReuseStoredPassword(masked, stored, true)
        )
          throw invalid('sqlalchemy_uri', PASSWORD_NEEDED);
        uriChange =
          password === PASSWORD_MASK
            ? { sqlalchemy_uri: masked }
            : {
                sqlalchemy_uri: masked,
                password: password === null ? null : box.encrypt(password),
              };
        if (stored && connectionChanged(stored, masked, password, (t) => box.decrypt(t))) {
          const storedPassword = password === PASSWORD_MASK ? connections.password(stored) : null;
          const examples = stored.uuid === EXAMPLES_DATABASE_UUID;
          connectionTest = () => assertConnects(uri, storedPassword, ctx.principal, examples);
        }
      }
      if (body.database_name !== undefined) await assertNameFree(ctx, body.database_name, id);
      // After the checks of the body, as on create: a new target or credential must connect.
      await connectionTest?.();
      await ctx.db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('dbs')
          .select('database_name')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('dbs')
          .set({
            ...(body.database_name !== undefined && { database_name: body.database_name }),
            ...(uriChange ?? {}),
            ...flags(body),
            changed_on: nowIso(),
            changed_by_fk: ctx.principal.id,
          })
          .where('id', '=', id)
          .execute();
        await syncDatabasePermission(
          trx,
          { id, database_name: body.database_name ?? before.database_name },
          before.database_name,
        );
      });
      connections.close(id);
    },
  };
}

/**
 * Deletes databases that no alert queries and that have no datasets, with their permissions;
 * closes their clients.
 */
export async function removeDatabases(
  trx: MetadataDb,
  ids: number[],
  connections: DatabaseConnections,
): Promise<void> {
  await assertNoReportsHold(trx, 'database_id', ids);
  const used = await trx
    .selectFrom('tables')
    .select(['database_id'])
    .where('database_id', 'in', ids)
    .executeTakeFirst();
  if (used) throw new ApiError(422, 'Cannot delete a database that has datasets attached');
  const rows = await trx
    .selectFrom('dbs')
    .select(['id', 'database_name'])
    .where('id', 'in', ids)
    .execute();
  for (const row of rows) await dropDatabasePermissions(trx, row);
  await trx.deleteFrom('dbs').where('id', 'in', ids).execute();
  for (const id of ids) connections.close(id);
}
