/**
 * `GET /api/v1/chart/{id}/data/` (Superset's ChartDataRestApi.get_data): the query context the
 * chart was saved with, the request's `format`, `type` and `force` laid over it.
 */
import { ApiError } from '../api/errors.js';
import { canReadDataset } from '../datasets/access.js';
import { loadDatasetRecords } from '../datasets/repository.js';
import type { MetadataDb } from '../metadata/db.js';
import { hasPerm, isAdmin, type Principal } from '../security/principal.js';

export const NO_QUERY_CONTEXT_MESSAGE =
  'Chart has no query context saved. Please save the chart again.';

/**
 * The chart's access rule of the chart list (`charts/resource.ts`): all datasources, owned or
 * created, or a chart whose dataset the user may read (`datasource_access` on it, its database
 * or its schema). Superset's ChartFilter; Explore, form data keys and a chart's saved query
 * context follow it, so a chart the list shows opens.
 */
export async function canReadChart(
  db: MetadataDb,
  principal: Principal,
  chart: {
    id: number;
    created_by_fk: number | null;
    datasource_id?: number | null;
    datasource_type?: string | null;
  },
): Promise<boolean> {
  if (isAdmin(principal) || hasPerm(principal, 'all_datasource_access', 'all_datasource_access'))
    return true;
  if (principal.isAnonymous) return false;
  if (chart.created_by_fk === principal.id) return true;
  const owner = await db
    .selectFrom('slice_user')
    .select('user_id')
    .where('slice_id', '=', chart.id)
    .where('user_id', '=', principal.id)
    .executeTakeFirst();
  if (owner !== undefined) return true;
  const source: { datasource_id: number | null; datasource_type: string | null } | undefined =
    chart.datasource_id !== undefined
      ? { datasource_id: chart.datasource_id, datasource_type: chart.datasource_type ?? null }
      : await db
          .selectFrom('slices')
          .select(['datasource_id', 'datasource_type'])
          .where('id', '=', chart.id)
          .executeTakeFirst();
  if (!source || source.datasource_id === null) return false;
  // Charts are built on datasets (type table); the list's rule reads only those.
  if (source.datasource_type !== null && source.datasource_type !== 'table') return false;
  const id = source.datasource_id;
  const rec = (await loadDatasetRecords(db, [id])).get(id);
  return (
    rec !== undefined &&
    canReadDataset(
      principal,
      rec.row,
      rec.owners.map((o) => o.id),
    )
  );
}

/** The saved query context of a chart the principal may read (404 otherwise, 400 when none). */
export async function savedQueryContext(
  db: MetadataDb,
  principal: Principal,
  id: number,
): Promise<Record<string, unknown>> {
  const chart = await db
    .selectFrom('slices')
    .select(['id', 'created_by_fk', 'query_context'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!chart || !(await canReadChart(db, principal, chart))) throw new ApiError(404, 'Not found');
  const text = chart.query_context;
  if (!text || text.trim() === '') throw new ApiError(400, NO_QUERY_CONTEXT_MESSAGE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, NO_QUERY_CONTEXT_MESSAGE);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ApiError(400, NO_QUERY_CONTEXT_MESSAGE);
  return parsed as Record<string, unknown>;
}

/** The saved context with the query string's `format`, `type` and `force` (Superset's defaults). */
export function withRequestOptions(
  context: Record<string, unknown>,
  params: Record<string, unknown>,
): Record<string, unknown> {
  const text = (name: string, fallback: string): string => {
    const value = params[name];
    return typeof value === 'string' && value !== '' ? value : fallback;
  };
  return {
    ...context,
    result_format: text('format', 'json'),
    result_type: text('type', 'full'),
    force: params.force === 'true',
  };
}
