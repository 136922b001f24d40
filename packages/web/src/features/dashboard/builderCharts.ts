/**
 * The charts the dashboard builder offers (its "Charts" tab): the user's visible charts, newest
 * change first, searched by Superset's `chart_all_text` filter.
 */
import { risonEncode } from '@strata/core';
import type { ApiClient } from '../../app/api';

export interface BuilderChart {
  id: number;
  slice_name: string;
  viz_type: string;
  datasource_name_text?: string;
  changed_on_delta_humanized?: string;
}

/** The chart list query of the builder (at most 100 charts, as FAB's page size allows). */
export function builderChartsQuery(search: string): string {
  return risonEncode({
    columns: ['id', 'slice_name', 'viz_type', 'datasource_name_text', 'changed_on_delta_humanized'],
    filters: search ? [{ col: 'slice_name', opr: 'chart_all_text', value: search }] : [],
    order_column: 'changed_on_delta_humanized',
    order_direction: 'desc',
    page: 0,
    page_size: 100,
  });
}

export async function searchBuilderCharts(
  api: ApiClient,
  search: string,
  signal: AbortSignal,
): Promise<BuilderChart[]> {
  const q = builderChartsQuery(search);
  const answer = await api.get<{ result: BuilderChart[] }>(
    `/api/v1/chart/?q=${encodeURIComponent(q)}`,
    { signal },
  );
  return answer.result;
}
