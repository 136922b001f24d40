/** The calls of `/api/v1/datasource/` (spec 001 §7). */
import { api } from '../../app/api';

export type ColumnValue = string | number | boolean | null;

/**
 * `GET /api/v1/datasource/{type}/{id}/column/{column}/values/?q=`: the column's distinct values
 * (at most the server's `limit`), only those containing `search` (any case) when given.
 */
export async function fetchColumnValues(
  datasource: { type: string; id: number },
  column: string,
  search: string,
  signal?: AbortSignal,
): Promise<ColumnValue[]> {
  const q = search.trim() ? `?q=${encodeURIComponent(search.trim())}` : '';
  const res = await api.get<{ result: ColumnValue[] }>(
    `/api/v1/datasource/${encodeURIComponent(datasource.type)}/${datasource.id}/column/${encodeURIComponent(column)}/values/${q}`,
    { signal },
  );
  return Array.isArray(res.result) ? res.result : [];
}
