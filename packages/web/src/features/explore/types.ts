import type { QueryFormData } from '@strata/core';
import type { ExploreDatasource } from '@strata/charts';

/** A saved chart as Explore knows it. */
export interface ExploreSlice {
  slice_id: number;
  slice_name: string;
  description?: string | null;
  owners?: Array<{ id: number; first_name?: string; last_name?: string } | number>;
  form_data?: Record<string, unknown>;
  query_context?: string | null;
  cache_timeout?: number | null;
  certified_by?: string | null;
  certification_details?: string | null;
  dashboards?: number[];
}

/** `GET /api/v1/explore/` → `result`. */
export interface ExplorePayload {
  dataset: (ExploreDatasource & { table_name?: string; owners?: unknown[] }) | null;
  form_data: Record<string, unknown>;
  slice: ExploreSlice | null;
  message?: string | null;
}

export type ChartStatus = 'loading' | 'success' | 'failed' | 'stopped' | 'rendered';

export interface ExploreUrlParams {
  /** `/superset/explore/p/{key}/`: the state comes from the permalink. */
  permalinkKey?: string;
  formDataKey: string | null;
  sliceId: number | null;
  datasourceId: number | null;
  datasourceType: string | null;
  /** `viz_type` of a new chart ("Create a new chart" opens Explore with it). */
  vizType?: string;
  /** Opened from a dashboard's "Edit chart": the id its context was kept under. */
  dashboardPageId?: string;
}

export type { QueryFormData };
