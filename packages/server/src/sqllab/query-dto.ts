import type { CtasMethod, LimitingFactor, QueryDto, QueryState } from '@strata/core';
import type { Selectable } from 'kysely';
import { toBool, toIso } from '../metadata/db.js';
import type { QueryTable } from '../metadata/schema.js';

export type QueryRow = Selectable<QueryTable>;

/** What `toQueryDto` needs besides the row. */
export interface QueryDtoExtras {
  databaseName?: string | null;
  username?: string | null;
}

function parseExtra(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const epoch = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** A stored query as the client sees it (Superset's `Query.to_dict()`). */
export function toQueryDto(row: QueryRow, extras: QueryDtoExtras = {}): QueryDto {
  return {
    id: row.client_id,
    queryId: row.id,
    serverId: row.id,
    dbId: row.database_id,
    db: extras.databaseName ?? null,
    sql: row.sql,
    executedSql: row.executed_sql,
    sqlEditorId: row.sql_editor_id,
    tab: row.tab_name,
    schema: row.schema,
    catalog: row.catalog,
    ctas: toBool(row.select_as_cta),
    ctas_method: (row.ctas_method as CtasMethod | null) ?? null,
    tempSchema: null,
    tempTable: row.tmp_table_name,
    state: row.status as QueryState,
    progress: row.progress,
    rows: row.rows,
    limit: row.limit,
    limitingFactor: (row.limiting_factor as LimitingFactor | null) ?? null,
    errorMessage: row.error_message,
    resultsKey: row.results_key,
    startDttm: epoch(row.start_time),
    endDttm: epoch(row.end_time),
    changed_on: toIso(row.changed_on) ?? new Date(0).toISOString(),
    userId: row.user_id,
    user: extras.username ?? null,
    trackingUrl: row.tracking_url,
    extra: parseExtra(row.extra_json),
  };
}
