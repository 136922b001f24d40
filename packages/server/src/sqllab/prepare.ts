import { CTAS_TARGET_NAME_RULE, isCtasTargetName } from '@strata/core';
import type { CtasMethod, LimitingFactor } from '@strata/core';
import { guardStatements, type Engine } from '../sql/guard.js';
import { lexOptions } from '../sql/guard-lex.js';
import { applyLimit } from '../sql/limit.js';
import { stripComments } from '../sql/statements.js';

/**
 * The script SQL Lab runs for an execute request, from the rendered SQL: comments stripped,
 * statements split and judged by the DML guard, the row limit applied to the last statement
 * (the one whose rows are shown), and CREATE TABLE/VIEW AS wrapped around it when asked. Pure.
 */

export interface CtasRequest {
  method: CtasMethod;
  /** Table or view name, checked by `checkTargetName`. */
  table: string;
  /** Schema to create it in, or null for the default one. */
  schema: string | null;
}

export interface PrepareInput {
  /** The SQL with its template rendered. */
  sql: string;
  engine: Engine;
  allowDml: boolean;
  allowCtas: boolean;
  allowCvas: boolean;
  /** Rows the last statement may return. */
  limit: number;
  ctas: CtasRequest | null;
  quoteIdentifier: (name: string) => string;
  /**
   * From this many rows on, the dropdown's limit is left to the engine (it stops reading after
   * that many rows) instead of being written into the SQL: DuckDB gathers every row of a
   * `LIMIT n` before it hands out the first one, so a million-row LIMIT would hold the first
   * rows back for the whole query. Null: always written into the SQL.
   */
  streamingLimitFrom?: number | null;
}

/** Engines whose large LIMITs hold the first rows back (see `streamingLimitFrom`). */
export const STREAMING_LIMIT_FROM: Partial<Record<Engine, number>> = { duckdb: 100_000 };

export interface PreparedScript {
  statements: string[];
  /** The statements as run, joined for display. */
  executedSql: string;
  limitingFactor: LimitingFactor;
  /** Rows the last statement returns at most, or null when it could not be limited. */
  effectiveLimit: number | null;
  /** `schema.table` created by CTAS/CVAS, or null. */
  createdTable: string | null;
  /**
   * What a full-result CSV export runs again: the statements without the display row limit (a
   * LIMIT the query wrote itself stays), or null when the script may not run twice — one of
   * its statements would be refused on a database without DML (it may write), or CTAS/CVAS.
   * Absent on scripts stored before exports re-ran queries.
   */
  exportStatements?: string[] | null;
}

export type PrepareResult =
  | { ok: true; script: PreparedScript }
  | { ok: false; message: string; errorType: string; statementIndex: number };

/** Whether a CTAS target (table or schema) name is a plain identifier (core's rule). */
export function checkTargetName(name: string): boolean {
  return isCtasTargetName(name);
}

function fail(message: string, errorType: string, statementIndex = 0): PrepareResult {
  return { ok: false, message, errorType, statementIndex };
}

/** The script to run, or why it may not run. */
export function prepareScript(input: PrepareInput): PrepareResult {
  const stripped = stripComments(input.sql, lexOptions(input.engine));
  if (stripped === '') return fail('There is no SQL to run.', 'INVALID_SQL_ERROR');
  const guarded = guardStatements(stripped, input.engine, { allowDml: input.allowDml });
  if (!guarded.ok) {
    return fail(guarded.message, 'DML_NOT_ALLOWED_ERROR', guarded.statementIndex);
  }
  const statements = [...guarded.statements];
  if (statements.length === 0) return fail('There is no SQL to run.', 'INVALID_SQL_ERROR');
  // SQL Lab's read-only rules: a script is run again for an export only when a database
  // without DML would run it.
  const readOnly =
    !input.allowDml || guardStatements(stripped, input.engine, { allowDml: false }).ok;
  const exportStatements = readOnly ? [...statements] : null;
  const lastIndex = statements.length - 1;
  const last = statements[lastIndex]!;

  if (input.ctas) {
    return prepareCtas(input, statements, lastIndex, last);
  }

  const limited = applyLimit(last, input.limit, input.engine);
  const leaveToEngine =
    input.streamingLimitFrom != null &&
    input.limit >= input.streamingLimitFrom &&
    limited.limitingFactor === 'DROPDOWN' &&
    limited.effectiveLimit === input.limit;
  // Left to the engine: the statement as written (without its semicolon); the engine reads
  // `effectiveLimit` rows at most, which gives the same rows as the LIMIT would.
  statements[lastIndex] = leaveToEngine ? last : limited.sql;
  return {
    ok: true,
    script: {
      statements,
      executedSql: statements.join(';\n'),
      limitingFactor: limited.limitingFactor,
      effectiveLimit: limited.effectiveLimit,
      createdTable: null,
      exportStatements,
    },
  };
}

function prepareCtas(
  input: PrepareInput,
  statements: string[],
  lastIndex: number,
  last: string,
): PrepareResult {
  const ctas = input.ctas!;
  const isView = ctas.method === 'VIEW';
  if (isView ? !input.allowCvas : !input.allowCtas) {
    return fail(
      isView
        ? 'This database does not allow CREATE VIEW AS.'
        : 'This database does not allow CREATE TABLE AS.',
      isView ? 'INVALID_CVAS_QUERY_ERROR' : 'INVALID_CTAS_QUERY_ERROR',
    );
  }
  if (!checkTargetName(ctas.table) || (ctas.schema !== null && !checkTargetName(ctas.schema))) {
    return fail(
      CTAS_TARGET_NAME_RULE,
      isView ? 'INVALID_CVAS_QUERY_ERROR' : 'INVALID_CTAS_QUERY_ERROR',
    );
  }
  // Superset's rules: CVAS takes exactly one SELECT; CTAS needs the last statement to be one.
  const limited = applyLimit(last, input.limit, input.engine);
  const isSelect = limited.limitingFactor !== 'NOT_LIMITED' || limited.effectiveLimit !== null;
  if (isView && statements.length !== 1) {
    return fail(
      'CVAS (create view as select) can only be run with a query with a single SELECT statement. Please make sure your query has only a SELECT statement. Then, try running your query again.',
      'INVALID_CVAS_QUERY_ERROR',
    );
  }
  if (!isSelect) {
    return fail(
      isView
        ? 'CVAS (create view as select) can only be run with a query with a single SELECT statement. Please make sure your query has only a SELECT statement. Then, try running your query again.'
        : 'CTAS (create table as select) can only be run with a query where the last statement is a SELECT. Please make sure your query has a SELECT as its last statement. Then, try running your query again.',
      isView ? 'INVALID_CVAS_QUERY_ERROR' : 'INVALID_CTAS_QUERY_ERROR',
      lastIndex,
    );
  }
  const target =
    (ctas.schema ? `${input.quoteIdentifier(ctas.schema)}.` : '') +
    input.quoteIdentifier(ctas.table);
  // The whole query goes into the table or view: no row limit here.
  statements[lastIndex] = `CREATE ${isView ? 'VIEW' : 'TABLE'} ${target} AS\n${last}`;
  return {
    ok: true,
    script: {
      statements,
      executedSql: statements.join(';\n'),
      limitingFactor: 'NOT_LIMITED',
      effectiveLimit: null,
      createdTable: ctas.schema ? `${ctas.schema}.${ctas.table}` : ctas.table,
      exportStatements: null,
    },
  };
}

/** The row limit of a request: the asked limit (or the default), never above the maximum. */
export function effectiveQueryLimit(
  asked: number | null | undefined,
  defaultLimit: number,
  maxRow: number,
): number {
  const wanted = asked === null || asked === undefined || asked <= 0 ? defaultLimit : asked;
  return Math.min(wanted, maxRow);
}

/**
 * Superset's result column names: duplicates get `__1`, `__2`… so every column of a row object
 * has its own key (`SELECT a.id, b.id` gives `id` and `id__1`).
 */
export function dedupeColumnNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    let n = 0;
    while (seen.has(candidate)) {
      n += 1;
      candidate = `${name}__${n}`;
    }
    seen.add(candidate);
    return candidate;
  });
}

/** Limiting factor after the run: NOT_LIMITED when fewer rows than the limit came back. */
export function finalLimitingFactor(
  planned: LimitingFactor,
  effectiveLimit: number | null,
  rows: number,
): LimitingFactor {
  if (effectiveLimit === null) return 'NOT_LIMITED';
  return rows < effectiveLimit ? 'NOT_LIMITED' : planned;
}
