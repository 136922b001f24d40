import type { QueryDto } from '@strata/core';
import type { SqlLabQuery } from './types';
import { fromServerQuery } from './queries';

/** A server query with every field filled (tests). */
export function queryDto(fields: Partial<QueryDto> = {}): QueryDto {
  return {
    id: 'q1',
    queryId: 1,
    serverId: 1,
    dbId: 1,
    db: 'examples',
    sql: 'SELECT 1',
    executedSql: null,
    sqlEditorId: 'ed',
    tab: 'Untitled Query 1',
    schema: 'main',
    catalog: null,
    ctas: false,
    ctas_method: 'TABLE',
    tempSchema: null,
    tempTable: null,
    state: 'running',
    progress: 0,
    rows: null,
    limit: 1000,
    limitingFactor: null,
    errorMessage: null,
    resultsKey: null,
    startDttm: 1000,
    endDttm: null,
    changed_on: '2026-01-01T00:00:01.000Z',
    userId: 1,
    user: 'admin',
    trackingUrl: null,
    extra: {},
    ...fields,
  };
}

/** A page query (tests). */
export function sqlLabQuery(fields: Partial<SqlLabQuery> = {}): SqlLabQuery {
  return { ...fromServerQuery(queryDto(fields)), ...fields };
}
