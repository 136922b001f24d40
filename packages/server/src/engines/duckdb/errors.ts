import { EngineError, type EngineErrorKind } from '../types.js';

export interface SqlPosition {
  line?: number;
  column?: number;
}

/**
 * The line and column (1-based) DuckDB points at in an error message, from its
 * `LINE n: <text>` excerpt and the caret under it. Long lines are shown as a window with `...`
 * on either side; the window is found in the statement to recover the real column.
 */
export function errorPosition(message: string, sql?: string): SqlPosition {
  const m = /^LINE (\d+): (.*)\n( *)\^/m.exec(message);
  if (!m) return {};
  const line = Number(m[1]);
  const prefix = `LINE ${m[1]}: `.length;
  let excerpt = m[2] ?? '';
  let offset = (m[3] ?? '').length - prefix;
  if (excerpt.startsWith('...')) {
    const sourceLine = sql?.split(/\r?\n/)[line - 1];
    excerpt = excerpt.slice(3).replace(/\.\.\.$/, '');
    const at = sourceLine?.indexOf(excerpt) ?? -1;
    if (at < 0) return { line };
    offset = at + offset - 3;
  }
  return offset >= 0 ? { line, column: offset + 1 } : { line };
}

const KINDS: Array<[RegExp, EngineErrorKind]> = [
  [/^INTERRUPT Error/, 'cancelled'],
  [/^Parser Error/, 'syntax_error'],
  [/^Catalog Error: .* because schema .* does not exist/, 'schema_not_found'],
  [/^Catalog Error: Table with name .* does not exist/, 'table_not_found'],
  [/^Catalog Error: Table or view with name .* does not exist/, 'table_not_found'],
  [/^Catalog Error: Schema with name .* does not exist/, 'schema_not_found'],
  [/^Catalog Error: (SET schema: )?No catalog \+ schema named/, 'schema_not_found'],
  [/^IO Error: Cannot open (database|file)/, 'database_not_found'],
  [/not a valid DuckDB database file/, 'database_not_found'],
  [/database does not exist/, 'database_not_found'],
];

/** A DuckDB failure as an EngineError (kind from the message, position when DuckDB gives one). */
export function toEngineError(error: unknown, sql?: string): EngineError {
  if (error instanceof EngineError) return error;
  // The bindings prefix errors raised while splitting the text into statements.
  const message = (error instanceof Error ? error.message : String(error)).replace(
    /^Failed to extract statements: /,
    '',
  );
  const kind = KINDS.find(([re]) => re.test(message))?.[1] ?? 'query_error';
  if (kind === 'cancelled') return cancelledError();
  return new EngineError(kind, message, errorPosition(message, sql));
}

export function cancelledError(): EngineError {
  return new EngineError('cancelled', 'The query was cancelled');
}
