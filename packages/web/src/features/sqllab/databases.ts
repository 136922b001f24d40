import { DEFAULT_SQL_MAX_ROW, DEFAULT_SQLLAB_LIMIT, DISPLAY_MAX_ROW } from '@strata/core';
import type { ScheduledQueriesConf } from '@strata/core';
import type { SqlLabConf, SqlLabDatabase } from './types';

export const DEFAULT_CONF: SqlLabConf = {
  DEFAULT_SQLLAB_LIMIT,
  SQL_MAX_ROW: DEFAULT_SQL_MAX_ROW,
  DISPLAY_MAX_ROW,
  SCHEDULED_QUERIES: null,
};

const bool = (v: unknown): boolean => v === true;

/** A database of the bootstrap or of the database list, with every flag SQL Lab reads. */
export function toSqlLabDatabase(raw: Record<string, unknown>): SqlLabDatabase | null {
  const id = raw.id;
  const name = raw.database_name;
  if (typeof id !== 'number' || typeof name !== 'string') return null;
  const backend =
    typeof raw.backend === 'string'
      ? raw.backend
      : typeof raw.engine === 'string'
        ? raw.engine
        : null;
  return {
    id,
    database_name: name,
    backend,
    allow_run_async: bool(raw.allow_run_async),
    allow_dml: bool(raw.allow_dml),
    allow_ctas: bool(raw.allow_ctas),
    allow_cvas: bool(raw.allow_cvas),
    allows_cost_estimate: bool(raw.allows_cost_estimate),
    force_ctas_schema:
      typeof raw.force_ctas_schema === 'string' && raw.force_ctas_schema !== ''
        ? raw.force_ctas_schema
        : null,
    disable_data_preview: bool(raw.disable_data_preview),
    expose_in_sqllab: raw.expose_in_sqllab !== false,
  };
}

/** The databases SQL Lab offers, by name. */
export function databaseList(byId: Record<number, SqlLabDatabase>): SqlLabDatabase[] {
  return Object.values(byId)
    .filter((d) => d.expose_in_sqllab)
    .sort((a, b) => a.database_name.localeCompare(b.database_name));
}

function positive(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : fallback;
}

/** SQL Lab's configuration from the bootstrap's `common.conf`, defaults where missing. */
export function confFrom(raw: Partial<Record<keyof SqlLabConf, unknown>> | undefined): SqlLabConf {
  const maxRow = positive(raw?.SQL_MAX_ROW, DEFAULT_CONF.SQL_MAX_ROW);
  return {
    SQL_MAX_ROW: maxRow,
    DEFAULT_SQLLAB_LIMIT: Math.min(
      positive(raw?.DEFAULT_SQLLAB_LIMIT, DEFAULT_CONF.DEFAULT_SQLLAB_LIMIT),
      maxRow,
    ),
    DISPLAY_MAX_ROW: positive(raw?.DISPLAY_MAX_ROW, DEFAULT_CONF.DISPLAY_MAX_ROW),
    SCHEDULED_QUERIES: scheduledQueriesOf(raw?.SCHEDULED_QUERIES),
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schedule form of the conf when it has one (the server checked it at start). */
export function scheduledQueriesOf(raw: unknown): ScheduledQueriesConf | null {
  if (!isRecord(raw) || !isRecord(raw.JSONSCHEMA) || !isRecord(raw.JSONSCHEMA.properties))
    return null;
  return raw as unknown as ScheduledQueriesConf;
}

/** The database a new tab starts on: the last used one if it is still offered, else the first. */
export function initialDatabaseId(
  databases: readonly SqlLabDatabase[],
  lastUsed: number | null,
): number | null {
  if (lastUsed !== null && databases.some((d) => d.id === lastUsed)) return lastUsed;
  return databases[0]?.id ?? null;
}

/** Schemas picked by themselves when a tab has none: DuckDB's and SQLite's, PostgreSQL's. */
const USUAL_DEFAULT_SCHEMAS = ['main', 'public', 'dbo'];

/** The schema a tab on a database starts on: the only one, else a usual default, else none. */
export function defaultSchemaOf(schemas: readonly string[]): string | null {
  if (schemas.length === 1) return schemas[0] ?? null;
  return USUAL_DEFAULT_SCHEMAS.find((s) => schemas.includes(s)) ?? null;
}
