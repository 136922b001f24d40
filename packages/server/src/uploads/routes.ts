import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { multipartReadError } from '../api/multipart-errors.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../api/errors.js';
import { parseId } from '../api/query-params.js';
import { requestContext, type ResourceServices } from '../api/resource.js';
import { canAccessDatabase, grantedDatabaseNames } from '../databases/access.js';
import type { DatabaseConnections } from '../databases/connections.js';
import { toApiError } from '../databases/engine-errors.js';
import { createDataset, refreshDatasetColumns } from '../datasets/write.js';
import { EngineError } from '../engines/types.js';
import { toBool } from '../metadata/db.js';
import { hasPerm } from '../security/principal.js';
import { selectColumns } from './columns.js';
import { parseUploadForm, type UploadForm } from './form.js';
import { convertedRows, planColumns, previewTypes } from './infer.js';
import { openCsv } from './parse-csv.js';
import { pickSheet, readWorkbook, sheetSource } from './parse-excel.js';
import { openParquet } from './parse-parquet.js';
import { checkTarget, writeTable } from './table-writer.js';
import { UPLOAD_TYPES, UPLOAD_VIEW, UploadError, type TabularSource } from './types.js';

/** Largest uploaded file. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
/** Rows read to guess the column types shown by the upload form. */
const PREVIEW_ROWS = 1000;

const tags = ['database'];

const postAccess = {
  anyOf: UPLOAD_TYPES.map((t) => ({ perm: 'can_this_form_post', view: UPLOAD_VIEW[t] })),
};
const previewAccess = {
  anyOf: UPLOAD_TYPES.flatMap((t) => [
    { perm: 'can_this_form_get', view: UPLOAD_VIEW[t] },
    { perm: 'can_this_form_post', view: UPLOAD_VIEW[t] },
  ]),
};

interface Received {
  fields: Record<string, string>;
  file: { path: string; filename: string | null } | null;
}

/** Reads the multipart body: text fields, and the `file` part saved into `dir`. */
async function receive(req: FastifyRequest, dir: string): Promise<Received> {
  if (!req.isMultipart()) {
    throw new ApiError(400, 'The request must be multipart/form-data, with the file in "file"');
  }
  const fields: Record<string, string> = {};
  let file: Received['file'] = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          continue;
        }
        const target = path.join(dir, 'upload');
        await pipeline(part.file, fs.createWriteStream(target, { mode: 0o600 }));
        if (part.file.truncated) throw tooLarge();
        file = { path: target, filename: part.filename || null };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (e) {
    const status = (e as { statusCode?: number }).statusCode;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (e instanceof ApiError) throw e;
    if (status === 413)
      throw new ApiError(413, `The upload could not be read: ${(e as Error).message}`);
    throw multipartReadError(e, 'The upload') ?? e;
  }
  return { fields, file };
}

function tooLarge(): ApiError {
  return new ApiError(
    413,
    `The file is larger than the upload limit (${MAX_UPLOAD_BYTES / 1024 / 1024} MB)`,
  );
}

function requireFile(file: Received['file']): NonNullable<Received['file']> {
  if (!file) {
    throw new ApiError(400, 'file: Missing data for required field.', {
      message: { file: ['Missing data for required field.'] },
    });
  }
  return file;
}

/** The parsed file of a form, as a table (Excel: the chosen sheet). */
async function openSource(
  form: UploadForm,
  file: NonNullable<Received['file']>,
): Promise<TabularSource> {
  const shared = {
    headerRow: form.headerRow,
    skipRows: form.skipRows,
    rowsToRead: form.rowsToRead,
    nullValues: form.nullValues,
  };
  if (form.type === 'csv') {
    return openCsv(file.path, {
      ...shared,
      delimiter: form.delimiter,
      skipInitialSpace: form.skipInitialSpace,
    });
  }
  if (form.type === 'excel') {
    const workbook = await readWorkbook(file.path, file.filename);
    return sheetSource(pickSheet(workbook, form.sheetName), {
      ...shared,
      sheetName: form.sheetName,
    });
  }
  const source = await openParquet(file.path);
  if (form.rowsToRead === null) return source;
  const limit = form.rowsToRead;
  return {
    ...source,
    async *rows() {
      let n = 0;
      for await (const row of source.rows()) {
        if (n++ >= limit) return;
        yield row;
      }
    },
  };
}

/** 422 naming the declared columns the file does not have. */
function checkDeclaredColumns(form: UploadForm, source: TabularSource): void {
  const known = new Set(source.columns);
  const unknown = [...form.columnTypes.keys()].filter((c) => !known.has(c));
  if (unknown.length) {
    throw new UploadError(
      `Column types were given for column${unknown.length > 1 ? 's' : ''} the file does not have: ${unknown.map((c) => `"${c}"`).join(', ')}`,
    );
  }
}

/** An upload failure as an API answer: 4xx with a message, never a stack. */
function failure(e: unknown): unknown {
  if (e instanceof UploadError) return new ApiError(e.status, e.message);
  if (e instanceof EngineError) return toApiError(e, 422);
  return e;
}

/** The schemas a database takes uploads into (`extra.schemas_allowed_for_file_upload`). */
export function allowedUploadSchemas(extra: string | null): string[] {
  if (!extra) return [];
  try {
    const parsed = JSON.parse(extra) as { schemas_allowed_for_file_upload?: unknown };
    const list = parsed?.schemas_allowed_for_file_upload;
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * File upload: `POST /api/v1/database/{id}/upload/` writes a CSV, Excel or Parquet file into a
 * table of a database that allows uploads and makes (or refreshes) a dataset on it;
 * `POST /api/v1/database/upload_metadata/` tells the columns of a file for the upload form.
 */
export function registerUploadRoutes(
  app: FastifyInstance,
  services: ResourceServices,
  connections: DatabaseConnections,
): void {
  /** The database to upload into, if the principal may and the database allows it. */
  const uploadTarget = async (req: FastifyRequest, id: number, form: UploadForm) => {
    const db = await services.db
      .selectFrom('dbs')
      .select(['id', 'database_name', 'allow_file_upload', 'extra'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!db) throw new ApiError(404, 'Not found');
    if (!canAccessDatabase(req.principal, db)) {
      if (grantedDatabaseNames(req.principal).has(db.database_name))
        throw new ApiError(403, 'Forbidden');
      throw new ApiError(404, 'Not found');
    }
    if (!toBool(db.allow_file_upload))
      throw new ApiError(422, 'The database does not allow file uploads');
    const allowed = allowedUploadSchemas(db.extra);
    if (allowed.length && (form.schema === null || !allowed.includes(form.schema))) {
      throw new ApiError(
        422,
        form.schema === null
          ? `This database takes uploads only into the schemas ${allowed.map((s) => `"${s}"`).join(', ')}: choose one`
          : `Database schema "${form.schema}" is not allowed for file uploads; allowed: ${allowed.map((s) => `"${s}"`).join(', ')}`,
      );
    }
    return db;
  };

  /** Creates the dataset on the table, or refreshes the columns of the one already there. */
  const ensureDataset = async (req: FastifyRequest, id: number, form: UploadForm) => {
    const ctx = requestContext(req, services);
    let q = services.db
      .selectFrom('tables')
      .select('id')
      .where('database_id', '=', id)
      .where('table_name', '=', form.tableName);
    q = form.schema === null ? q.where('schema', 'is', null) : q.where('schema', '=', form.schema);
    const existing = await q.executeTakeFirst();
    if (existing) {
      await refreshDatasetColumns(ctx, connections, existing.id);
      return existing.id;
    }
    return createDataset(ctx, connections, {
      database: id,
      schema: form.schema,
      table_name: form.tableName,
    });
  };

  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: MAX_UPLOAD_BYTES,
        files: 1,
        fields: 100,
        fieldSize: 1024 * 1024,
        parts: 110,
      },
    });

    scope.post<{ Params: { id: string } }>(
      '/api/v1/database/:id/upload/',
      {
        config: { access: postAccess },
        schema: {
          tags,
          summary: 'Upload a CSV, Excel or Parquet file into a new or existing table',
          consumes: ['multipart/form-data'],
        },
      },
      async (req, reply) => {
        const id = parseId(req.params.id);
        const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'strata-upload-'));
        let source: TabularSource | null = null;
        try {
          const { fields, file } = await receive(req, dir);
          const form = parseUploadForm(fields, { requireTable: true });
          if (!hasPerm(req.principal, 'can_this_form_post', UPLOAD_VIEW[form.type]))
            throw new ApiError(403, 'Forbidden');
          await uploadTarget(req, id, form);
          source = await openSource(form, requireFile(file));
          checkDeclaredColumns(form, source);
          source = selectColumns(source, form.columnsRead);
          const { client, spec } = await connections.forId(id);
          const target = { schema: form.schema, table: form.tableName, ifExists: form.ifExists };
          // Names and the table's presence are checked before the file is read through.
          await checkTarget(client, spec, {
            ...target,
            columns: source.columns.map((name) => ({ name, type: 'string' })),
          });
          const plan = await planColumns(source, form.columnTypes);
          await writeTable(client, spec, {
            ...target,
            columns: plan.columns,
            rows: convertedRows(source, plan.columns),
          });
          const datasetId = await ensureDataset(req, id, form);
          reply.code(201);
          return { message: 'OK', dataset_id: datasetId, table_name: form.tableName };
        } catch (e) {
          throw failure(e);
        } finally {
          await source?.close?.().catch(() => undefined);
          await fsp.rm(dir, { recursive: true, force: true });
        }
      },
    );

    scope.post(
      '/api/v1/database/upload_metadata/',
      {
        config: { access: previewAccess },
        schema: {
          tags,
          summary: 'The columns of a file to upload (per sheet for Excel)',
          consumes: ['multipart/form-data'],
        },
      },
      async (req) => {
        const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'strata-upload-'));
        try {
          const { fields, file } = await receive(req, dir);
          const form = parseUploadForm(fields, { requireTable: false });
          const view = UPLOAD_VIEW[form.type];
          if (
            !hasPerm(req.principal, 'can_this_form_get', view) &&
            !hasPerm(req.principal, 'can_this_form_post', view)
          )
            throw new ApiError(403, 'Forbidden');
          const upload = requireFile(file);
          const describe = async (source: TabularSource) => ({
            column_names: source.columns,
            column_types: await previewTypes(source, form.columnTypes, PREVIEW_ROWS),
          });
          if (form.type === 'excel') {
            const workbook = await readWorkbook(upload.path, upload.filename);
            const items = [];
            for (const sheet of workbook.worksheets) {
              let described: { column_names: string[]; column_types: string[] };
              try {
                described = await describe(sheetSource(sheet, { ...form, sheetName: sheet.name }));
              } catch (e) {
                if (!(e instanceof UploadError)) throw e;
                described = { column_names: [], column_types: [] };
              }
              items.push({ sheet_name: sheet.name, ...described });
            }
            return { result: { items } };
          }
          const source = await openSource(form, upload);
          try {
            return { result: { items: [await describe(source)] } };
          } finally {
            await source.close?.().catch(() => undefined);
          }
        } catch (e) {
          throw failure(e);
        } finally {
          await fsp.rm(dir, { recursive: true, force: true });
        }
      },
    );
  });
}
