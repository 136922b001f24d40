import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import type { RequestContext, WriteHandlers } from '../api/resource-types.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { nowIso } from '../metadata/db.js';
import { PASSWORD_MASK, splitUriPassword, uriProblem } from './uri.js';

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

const fields = {
  database_name: z.string().trim().min(1).max(250),
  sqlalchemy_uri: z.string().trim().min(1).max(1024),
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
// Clients send further keys Superset accepts (engine, driver, parameters…): they are ignored.
export const createDatabaseSchema = z
  .object(fields)
  .partial()
  .required({ database_name: true, sqlalchemy_uri: true });
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

/** Creating and editing database connections; the password is kept encrypted, apart from the URI. */
export function databaseWriteHandlers(box: SecretBox): WriteHandlers<CreateBody, UpdateBody> {
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
  return {
    createSchema: createDatabaseSchema,
    updateSchema: updateDatabaseSchema,
    async create(ctx, body) {
      const problem = uriProblem(body.sqlalchemy_uri);
      if (problem) throw invalid('sqlalchemy_uri', problem);
      await assertNameFree(ctx, body.database_name);
      const { masked, password } = splitUriPassword(body.sqlalchemy_uri);
      if (password === PASSWORD_MASK)
        throw invalid('sqlalchemy_uri', 'Provide the password of the connection');
      const now = nowIso();
      const row = await ctx.db
        .insertInto('dbs')
        .values({
          uuid: body.uuid ?? randomUUID(),
          database_name: body.database_name,
          sqlalchemy_uri: masked,
          password: password === null ? null : box.encrypt(password),
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
          configuration_method: 'sqlalchemy_form',
          is_managed_externally: false,
          external_url: null,
          ...flags(body),
          created_on: now,
          changed_on: now,
          created_by_fk: ctx.principal.id,
          changed_by_fk: ctx.principal.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async update(ctx, id, body) {
      let uriChange: { sqlalchemy_uri: string; password?: string | null } | null = null;
      if (body.sqlalchemy_uri !== undefined) {
        const problem = uriProblem(body.sqlalchemy_uri);
        if (problem) throw invalid('sqlalchemy_uri', problem);
        const { masked, password } = splitUriPassword(body.sqlalchemy_uri);
        // The mask means "keep the stored password".
        uriChange =
          password === PASSWORD_MASK
            ? { sqlalchemy_uri: masked }
            : {
                sqlalchemy_uri: masked,
                password: password === null ? null : box.encrypt(password),
              };
      }
      if (body.database_name !== undefined) await assertNameFree(ctx, body.database_name, id);
      await ctx.db
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
    },
  };
}
