import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { parseId, parseRisonParam } from '../api/query-params.js';
import type { EngineSpec, TableMetadata } from '../engines/types.js';
import type { MetadataDb } from '../metadata/db.js';
import {
  accessibleSchemas,
  canAccessDatabase,
  canEditDatabase,
  grantedDatabaseNames,
} from './access.js';
import type { DatabaseConnections, DatabaseRow } from './connections.js';
import { connectionTestError, engineCall, engineErrorType, errorsAnswer } from './engine-errors.js';
import { FileDatabaseRefused } from './file-policy.js';
import { EngineError } from '../engines/types.js';
import { buildSelectStar } from './select-star.js';
import {
  asksForStoredPassword,
  mayReuseStoredPassword,
  PASSWORD_NEEDED,
} from './stored-password.js';
import { PASSWORD_MASK } from './uri.js';
import { connectionParametersSchema } from './write.js';

const read = { perm: 'can_read', view: 'Database' } as const;
const write = { perm: 'can_write', view: 'Database' } as const;
const tags = ['database'];

const testConnectionBody = z.object({
  database_name: z.string().max(250).optional(),
  sqlalchemy_uri: z.string().max(1024).optional(),
  engine: z.string().max(64).optional(),
  parameters: connectionParametersSchema.optional(),
});

const validateParametersBody = z.object({
  engine: z.string().min(1).max(64),
  parameters: connectionParametersSchema.default({}),
  database_name: z.string().max(250).optional(),
});

const forceQuery = z.object({ force: z.boolean().default(false) }).strict();
const tablesQuery = z
  .object({
    schema_name: z.string().max(255),
    force: z.boolean().default(false),
    catalog_name: z.string().nullable().optional(),
  })
  .strict();

/** The table metadata answer of `GET /api/v1/database/{id}/table/{table}/{schema}/`. */
export function tableMetadataAnswer(meta: TableMetadata, selectStar: string) {
  const pk = new Set(meta.primaryKey.constrained_columns);
  const fkCols = new Set(meta.foreignKeys.flatMap((f) => f.constrained_columns));
  const indexed = new Set(meta.indexes.flatMap((i) => i.column_names));
  return {
    name: meta.name,
    schema: meta.schema,
    type: meta.type,
    comment: meta.comment,
    columns: meta.columns.map((c) => ({
      name: c.name,
      type: c.type,
      longType: c.type,
      type_generic: c.generic,
      nullable: c.nullable,
      default: c.default ?? null,
      comment: c.comment ?? null,
      keys: [
        ...(pk.has(c.name)
          ? [
              {
                type: 'pk',
                name: meta.primaryKey.name,
                column_names: meta.primaryKey.constrained_columns,
              },
            ]
          : []),
        ...meta.foreignKeys
          .filter((f) => f.constrained_columns.includes(c.name))
          .map((f) => ({ type: 'fk', ...f })),
        ...meta.indexes
          .filter((i) => i.column_names.includes(c.name))
          .map((i) => ({ type: 'index', ...i })),
      ],
      is_pk: pk.has(c.name),
      is_fk: fkCols.has(c.name),
      is_indexed: indexed.has(c.name),
    })),
    primaryKey: {
      type: 'pk',
      name: meta.primaryKey.name,
      constrained_columns: meta.primaryKey.constrained_columns,
    },
    foreignKeys: meta.foreignKeys.map((f) => ({ type: 'fk', ...f })),
    indexes: meta.indexes.map((i) => ({ type: 'index', ...i })),
    selectStar,
  };
}

/** `null` in the path (Superset sends the literal text "null" for no schema) means none. */
function schemaParam(text: string): string | null {
  return text === 'null' || text === 'undefined' || text === '' ? null : text;
}

/** Database endpoints beyond CRUD: connection tests, engines, and browsing schemas and tables. */
export function registerDatabaseRoutes(
  app: FastifyInstance,
  metadata: MetadataDb,
  connections: DatabaseConnections,
): void {
  const usable = async (
    req: FastifyRequest,
    idText: string,
  ): Promise<{ row: DatabaseRow; spec: EngineSpec }> => {
    const row = await connections.row(parseId(idText));
    const granted =
      canAccessDatabase(req.principal, row) ||
      grantedDatabaseNames(req.principal).has(row.database_name);
    if (!granted) throw new ApiError(404, 'Not found');
    return { row, spec: connections.spec(row) };
  };
  const schemaAllowed = (req: FastifyRequest, row: DatabaseRow, schema: string | null) => {
    if (canAccessDatabase(req.principal, row)) return;
    if (schema !== null && accessibleSchemas(req.principal, row, [schema]).length === 1) return;
    throw new ApiError(404, 'Not found');
  };

  /**
   * The stored password of the database named `name`, for a URI carrying the mask: only for a
   * caller who may edit that database and a URI with the same target; null otherwise.
   */
  const reusablePassword = async (
    req: FastifyRequest,
    name: string | undefined,
    uri: string,
  ): Promise<string | null> => {
    if (!name) return null;
    const existing = await metadata
      .selectFrom('dbs')
      .select(['database_name', 'sqlalchemy_uri', 'password'])
      .where('database_name', '=', name)
      .executeTakeFirst();
    if (!existing) return null;
    if (!mayReuseStoredPassword(uri, existing, canEditDatabase(req.principal, existing)))
      return null;
    return connections.password(existing);
  };
  const passwordNeeded = () =>
    errorsAnswer(422, PASSWORD_NEEDED, 'CONNECTION_MISSING_PARAMETERS_ERROR', 'warning', {
      missing: ['password'],
    });

  app.post(
    '/api/v1/database/test_connection/',
    {
      config: { access: write },
      schema: { tags, summary: 'Test a connection', body: testConnectionBody },
    },
    async (req) => {
      const body = req.body as z.infer<typeof testConnectionBody>;
      let uri = body.sqlalchemy_uri;
      if (!uri && body.engine && body.parameters) {
        const spec = connections.engines.byEngine(body.engine);
        if (!spec)
          throw errorsAnswer(
            422,
            `Could not load database driver: ${body.engine}`,
            'GENERIC_DB_ENGINE_ERROR',
            'error',
            {},
          );
        uri = spec.buildUri(body.parameters);
      }
      if (!uri)
        throw new ApiError(400, 'Bad request', {
          message: { sqlalchemy_uri: ['This is a required field'] },
        });
      // The mask asks for the stored password: given only for the same target, to an editor.
      let stored: string | null = null;
      if (asksForStoredPassword(uri)) {
        stored = await reusablePassword(req, body.database_name, uri);
        if (stored === null) throw passwordNeeded();
      }
      try {
        await connections.test(uri, stored, req.principal);
      } catch (e) {
        throw e instanceof EngineError ? connectionTestError(e) : e;
      }
      return { message: 'OK' };
    },
  );

  app.get(
    '/api/v1/database/available/',
    { config: { access: read }, schema: { tags, summary: 'Engines that can be connected' } },
    async () => connections.engines.all().map((s) => s.describe()),
  );

  app.post(
    '/api/v1/database/validate_parameters/',
    {
      config: { access: write },
      schema: { tags, summary: 'Validate connection parameters', body: validateParametersBody },
    },
    async (req) => {
      const body = req.body as z.infer<typeof validateParametersBody>;
      const spec = connections.engines.byEngine(body.engine);
      if (!spec)
        throw errorsAnswer(
          422,
          `Could not load database driver: ${body.engine}`,
          'GENERIC_DB_ENGINE_ERROR',
          'error',
          {},
        );
      const problems = spec.validateParameters(body.parameters);
      const missing = Object.entries(problems)
        .filter(([, m]) => m === 'This is a required field')
        .map(([k]) => k);
      const invalid = Object.keys(problems).filter((k) => !missing.includes(k));
      if (missing.length) {
        throw errorsAnswer(
          422,
          `One or more parameters are missing: ${missing.join(', ')}`,
          'CONNECTION_MISSING_PARAMETERS_ERROR',
          'warning',
          { missing, invalid },
        );
      }
      if (invalid.length) {
        const message = invalid.map((k) => problems[k]).join(' ');
        throw errorsAnswer(422, message, 'CONNECTION_INVALID_PORT_ERROR', 'error', { invalid });
      }
      // Editing a stored database: a masked or absent password means the stored one, for an
      // editor of that database and the same target only; a mask otherwise is refused.
      let stored: string | null = null;
      const pw = body.parameters.password;
      if (!pw || pw === PASSWORD_MASK) {
        const masked = spec.buildUri({ ...body.parameters, password: PASSWORD_MASK });
        stored = await reusablePassword(req, body.database_name, masked);
        if (stored === null && pw === PASSWORD_MASK) throw passwordNeeded();
      }
      const params =
        stored !== null ? { ...body.parameters, password: PASSWORD_MASK } : body.parameters;
      try {
        await connections.test(spec.buildUri(params), stored, req.principal);
      } catch (e) {
        if (e instanceof FileDatabaseRefused)
          throw errorsAnswer(422, e.message, e.errorType, 'error', { invalid: ['path'] });
        if (e instanceof EngineError) {
          throw errorsAnswer(422, e.message, engineErrorType(e.kind), 'error', {
            engine_error: e.kind,
            invalid:
              e.kind === 'auth_failed'
                ? ['username', 'password']
                : e.kind === 'database_not_found'
                  ? ['database']
                  : ['host', 'port'],
          });
        }
        throw e;
      }
      return { message: 'OK' };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/v1/database/:id/schemas/',
    { config: { access: read }, schema: { tags, summary: 'Schemas of a database' } },
    async (req) => {
      parseRisonParam((req.query as Record<string, unknown>).q, forceQuery);
      const { row } = await usable(req, req.params.id);
      const client = await engineCall(() => connections.client(row));
      const schemas = await engineCall(() => client.getSchemas());
      return { result: accessibleSchemas(req.principal, row, schemas) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/v1/database/:id/tables/',
    { config: { access: read }, schema: { tags, summary: 'Tables and views of a schema' } },
    async (req) => {
      const q = parseRisonParam((req.query as Record<string, unknown>).q, tablesQuery, null);
      const { row } = await usable(req, req.params.id);
      const schema = schemaParam(q.schema_name);
      schemaAllowed(req, row, schema);
      const client = await engineCall(() => connections.client(row));
      const page = await engineCall(() => client.getTables(schema, { pageSize: 10_000 }));
      return {
        count: page.count,
        result: page.tables.map((t) => ({ value: t.name, type: t.type, extra: null })),
      };
    },
  );

  app.get<{ Params: { id: string; table: string; schema: string } }>(
    '/api/v1/database/:id/table/:table/:schema/',
    { config: { access: read }, schema: { tags, summary: 'Columns, keys and indexes of a table' } },
    async (req) => {
      const { row, spec } = await usable(req, req.params.id);
      const schema = schemaParam(req.params.schema);
      schemaAllowed(req, row, schema);
      const client = await engineCall(() => connections.client(row));
      const meta = await engineCall(() => client.getTableMetadata(schema, req.params.table));
      // The preview reads the latest partition where the engine reports one (table_extra's
      // partitions); a failure there costs the filter, not the table's metadata.
      const partitions = await client.getPartitions(schema, meta.name).catch(() => null);
      return tableMetadataAnswer(
        meta,
        buildSelectStar(
          spec,
          schema,
          meta.name,
          meta.columns.map((c) => c.name),
          undefined,
          partitions?.latest ?? null,
        ),
      );
    },
  );

  app.get<{ Params: { id: string; table: string; schema: string } }>(
    '/api/v1/database/:id/table_extra/:table/:schema/',
    {
      config: { access: read },
      schema: { tags, summary: 'Partitions and extra table information' },
    },
    async (req) => {
      const { row } = await usable(req, req.params.id);
      const schema = schemaParam(req.params.schema);
      schemaAllowed(req, row, schema);
      const client = await engineCall(() => connections.client(row));
      await engineCall(() => client.getTableMetadata(schema, req.params.table));
      const partitions = await engineCall(() => client.getPartitions(schema, req.params.table));
      return partitions.cols.length ? { partitions } : {};
    },
  );

  app.get<{ Params: { id: string; table: string; schema: string } }>(
    '/api/v1/database/:id/select_star/:table/:schema/',
    { config: { access: read }, schema: { tags, summary: 'SELECT * text for a table' } },
    async (req) => {
      const { row, spec } = await usable(req, req.params.id);
      const schema = schemaParam(req.params.schema);
      schemaAllowed(req, row, schema);
      const client = await engineCall(() => connections.client(row));
      const meta = await engineCall(() => client.getTableMetadata(schema, req.params.table));
      return {
        result: buildSelectStar(
          spec,
          schema,
          meta.name,
          meta.columns.map((c) => c.name),
        ),
      };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/v1/database/:id/function_names/',
    { config: { access: read }, schema: { tags, summary: 'Function names for autocompletion' } },
    async (req) => {
      const { row } = await usable(req, req.params.id);
      const client = await engineCall(() => connections.client(row));
      return { function_names: await engineCall(() => client.functionNames()) };
    },
  );
}
