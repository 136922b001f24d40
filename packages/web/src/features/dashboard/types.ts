/** What the dashboard page loads: the dashboard, its charts and its datasets (Superset's shapes). */
import type { QueryFormData } from '@strata/core';
import type { ChartDataResult, ExploreDatasource } from '@strata/charts';

export interface Person {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
}

export interface DashboardInfo {
  id: number;
  dashboard_title: string;
  slug: string | null;
  url?: string;
  css?: string | null;
  position_json?: string | null;
  json_metadata?: string | null;
  owners: Person[];
  roles?: Array<{ id: number; name: string }>;
  published: boolean;
  certified_by?: string | null;
  certification_details?: string | null;
  changed_on?: string;
  changed_on_delta_humanized?: string;
  changed_by?: Person | null;
  created_by?: Person | null;
}

export interface DashboardChart {
  id: number;
  slice_name: string;
  viz_type: string;
  form_data: QueryFormData;
  datasource?: string;
  description?: string | null;
  cache_timeout?: number | null;
  url?: string;
}

export type ChartLoadStatus = 'loading' | 'success' | 'failed' | 'stopped';

export interface ChartState {
  status: ChartLoadStatus;
  queriesResponse: ChartDataResult[] | null;
  error: string | null;
  /** Where to ask for access when the chart's dataset was refused ("Request Access"). */
  errorLink?: string | null;
  /** When the data was fetched (epoch ms). */
  lastUpdated: number | null;
  /** The form data of the last query (what the chart shows). */
  formData: QueryFormData | null;
}

export type DatasourcesByKey = Record<string, ExploreDatasource>;
