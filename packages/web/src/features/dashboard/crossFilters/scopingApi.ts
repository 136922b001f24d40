/**
 * Saving cross-filter scopes: Superset's `saveChartConfiguration`, the dashboard's json_metadata
 * with `chart_configuration` and `global_chart_configuration` replaced, through
 * `PUT /api/v1/dashboard/{id}` (owners and admins only; the server checks).
 */
import { api, itemUrl } from '../../../app/api';
import type { DashboardMetadata } from '../metadata';
import type { ChartConfiguration, GlobalChartConfiguration } from './scoping';

export interface SavedScoping {
  chart_configuration: ChartConfiguration;
  global_chart_configuration: GlobalChartConfiguration;
}

/** The metadata with the scoping saved into it (every other key kept). */
export function metadataWithScoping(
  metadata: DashboardMetadata,
  saved: SavedScoping,
): DashboardMetadata {
  return {
    ...metadata,
    chart_configuration: saved.chart_configuration as unknown as Record<string, unknown>,
    global_chart_configuration: saved.global_chart_configuration,
  };
}

/** Writes the scoping; answers the metadata now stored. */
export async function saveCrossFilterScoping(
  dashboardId: number,
  metadata: DashboardMetadata,
  saved: SavedScoping,
): Promise<DashboardMetadata> {
  const next = metadataWithScoping(metadata, saved);
  await api.put(itemUrl('dashboard', dashboardId), { json_metadata: JSON.stringify(next) });
  return next;
}
