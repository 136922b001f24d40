/**
 * `POST /api/v1/{database,dataset,chart,dashboard,saved_query}/import/` (Superset's `import_`
 * endpoints): a multipart form with the bundle in `formData` (a ZIP), `passwords` (JSON: bundle
 * file → database password), `overwrite` ("true" to write over objects that exist), and the SSH
 * tunnel fields (`ssh_tunnel_passwords`, `ssh_tunnel_private_keys`,
 * `ssh_tunnel_private_key_passwords`, JSON maps: accepted, unused — a bundle whose database has
 * an SSH tunnel is refused). Import needs
 * `can_write` on the kind (Superset maps `import_` to write). 200 `{"message": "OK"}`; an upload
 * that cannot be read is a 400 with its reason; problems with the files a 422 (errors.ts), and
 * so is a bundle whose reading a worker had to stop (time or memory, see workers/cpu.ts).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { multipartReadError } from '../api/multipart-errors.js';
import { ApiError } from '../api/errors.js';
import { requestContext, type ResourceServices } from '../api/resource.js';
import { readBundleFiles } from '../workers/cpu.js';
import { MAX_BUNDLE_BYTES } from './bundle.js';
import { commandInvalid, IMPORT_MESSAGES, importErrorMessage, type ImportKind } from './errors.js';
import { IMPORT_KINDS, importBundle, type ImportServices } from './importer.js';

const FILE_FIELD = 'formData';
const MAP_FIELDS = [
  'passwords',
  'ssh_tunnel_passwords',
  'ssh_tunnel_private_keys',
  'ssh_tunnel_private_key_passwords',
] as const;

interface ImportForm {
  file: Buffer | null;
  fields: Record<string, string>;
}

const MB = 1024 * 1024;

/** Reads the multipart form: text fields, and the bundle in `formData`. */
async function receive(req: FastifyRequest): Promise<ImportForm> {
  if (!req.isMultipart())
    throw new ApiError(
      400,
      `The request must be multipart/form-data, with the bundle in "${FILE_FIELD}"`,
    );
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== FILE_FIELD || file) {
          part.file.resume();
          continue;
        }
        file = await part.toBuffer();
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    const status = (e as { statusCode?: number }).statusCode;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError(400, `The file is larger than the limit of ${MAX_BUNDLE_BYTES / MB} MB`);
    if (e instanceof ApiError) throw e;
    if (status === 413)
      throw new ApiError(400, `The upload could not be read: ${(e as Error).message}`);
    throw multipartReadError(e, 'The upload') ?? e;
  }
  return { file, fields };
}

/** A JSON map of texts from a form field (absent or blank: empty); 400 when it is not one. */
export function textMap(fields: Record<string, string>, name: string): Record<string, string> {
  const raw = fields[name];
  if (raw === undefined || raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ApiError(400, `${name}: Not valid JSON`, {
      message: { [name]: ['Not valid JSON'] },
    });
  }
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    Array.isArray(parsed) ||
    Object.values(parsed).some((v) => typeof v !== 'string')
  )
    throw new ApiError(400, `${name}: Must be a JSON object of texts`, {
      message: { [name]: ['Must be a JSON object of texts'] },
    });
  return parsed as Record<string, string>;
}

export function registerImportRoutes(
  app: FastifyInstance,
  services: ResourceServices,
  importServices: ImportServices,
): void {
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: MAX_BUNDLE_BYTES,
        files: 1,
        fields: 20,
        fieldSize: MB,
        parts: 25,
      },
    });
    for (const kind of Object.keys(IMPORT_KINDS) as ImportKind[]) {
      scope.post(
        `/api/v1/${kind}/import/`,
        {
          config: { access: { perm: 'can_write', view: IMPORT_KINDS[kind].view } },
          schema: {
            tags: [IMPORT_KINDS[kind].tag],
            summary: `Import ${IMPORT_KINDS[kind].plural} from an export bundle (ZIP)`,
            consumes: ['multipart/form-data'],
          },
        },
        async (req) => {
          const form = await receive(req);
          if (!form.file || form.file.length === 0)
            throw new ApiError(400, `${FILE_FIELD}: Missing data for required field.`, {
              message: { [FILE_FIELD]: ['Missing data for required field.'] },
            });
          const maps = Object.fromEntries(MAP_FIELDS.map((f) => [f, textMap(form.fields, f)]));
          // Read and parsed in a worker thread with time and memory limits (workers/cpu.ts).
          const read = await readBundleFiles(form.file);
          if (!read.ok && read.status === 400) throw new ApiError(400, read.message);
          if (!read.ok)
            throw commandInvalid(
              importErrorMessage(kind),
              new Map([[read.file ?? 'bundle', read.message]]),
            );
          const contents = read.contents;
          if (contents.size === 0) throw new ApiError(400, IMPORT_MESSAGES.noValidFiles);
          await importBundle(requestContext(req, services), importServices, kind, contents, {
            overwrite: form.fields.overwrite === 'true',
            passwords: maps.passwords!,
          });
          return { message: 'OK' };
        },
      );
    }
  });
}
