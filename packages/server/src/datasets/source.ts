import { ApiError } from '../api/errors.js';
import type { DatabaseClient, EngineSpec } from '../engines/types.js';
import { EngineError, ResultSizeError } from '../engines/types.js';
import { singleStatement } from '../sql/statements.js';
import { TemplateError, templateParamsFromJson } from '../sql/templating/index.js';
import { renderTemplates } from '../workers/cpu.js';
import type { SourceColumn } from './columns-sync.js';

/** What a dataset reads from: a table, or the SELECT of a virtual dataset. */
export interface DatasetSource {
  schema: string | null;
  table_name: string;
  sql: string | null;
  /** JSON text of the dataset's template parameters (Jinja in its SQL). */
  template_params?: string | null;
}

/**
 * The virtual SQL with its Jinja rendered from the dataset's template parameters alone (no URL
 * parameters, filters or user: what the dataset's own reads see, as Superset's metadata fetch).
 */
export async function renderedDatasetSql(
  spec: Pick<EngineSpec, 'engine'>,
  src: DatasetSource,
): Promise<string> {
  const sql = src.sql ?? '';
  let message: string;
  try {
    const answer = await renderTemplates({
      texts: [sql],
      context: {
        templateParams: templateParamsFromJson(src.template_params),
        urlParams: {},
        user: null,
      },
      engine: spec.engine,
    });
    if (answer.ok) return answer.results[0]!.sql;
    message = answer.message;
  } catch (e) {
    if (!(e instanceof TemplateError)) throw e;
    message = e.message;
  }
  throw new ApiError(422, message, { message: { sql: [message] } });
}

/** The virtual dataset's SELECT as one statement, or a 422 naming the problem. */
export function virtualSelect(sql: string): string {
  const one = singleStatement(sql);
  if (one === null) {
    throw new ApiError(422, 'Only single queries supported', {
      message: { sql: ['Only single queries supported'] },
    });
  }
  return one;
}

/** The FROM item of a dataset: `"schema"."table"`, or `(<sql>) AS virtual_table`. */
export async function fromClause(
  spec: Pick<EngineSpec, 'quoteIdentifier' | 'engine'>,
  src: DatasetSource,
): Promise<string> {
  if (src.sql && src.sql.trim())
    return `(\n${virtualSelect(await renderedDatasetSql(spec, src))}\n) AS virtual_table`;
  const table = spec.quoteIdentifier(src.table_name);
  return src.schema ? `${spec.quoteIdentifier(src.schema)}.${table}` : table;
}

/** The columns of a dataset's source, read from the database. */
export async function readSourceColumns(
  spec: EngineSpec,
  client: DatabaseClient,
  src: DatasetSource,
): Promise<SourceColumn[]> {
  try {
    if (src.sql && src.sql.trim()) {
      // Read-only as chart queries are: reading the columns must not run a write.
      const result = await client.execute(`SELECT * FROM ${await fromClause(spec, src)}`, {
        schema: src.schema,
        maxRows: 1,
        readOnly: true,
      });
      return result.columns.map((c) => ({ name: c.name, type: c.type, generic: c.generic }));
    }
    const meta = await client.getTableMetadata(src.schema, src.table_name);
    return meta.columns.map((c) => ({ name: c.name, type: c.type, generic: c.generic }));
  } catch (e) {
    if (e instanceof ResultSizeError) {
      const message = "The dataset's first row is too large to be read.";
      throw new ApiError(422, message, { message });
    }
    if (e instanceof EngineError && e.kind === 'table_not_found') {
      const message = `Table [${src.table_name}] could not be found, please double check your database connection, schema, and table name`;
      throw new ApiError(422, message, { message: { table_name: [message] } });
    }
    if (e instanceof EngineError) {
      throw new ApiError(422, e.message, {
        message: e.message,
        errors: [
          { message: e.message, error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error', extra: {} },
        ],
      });
    }
    throw e;
  }
}
