import type { TagRef } from '@strata/core';
import type { Person } from '../../components/people';

export interface DatabaseRef {
  id: number;
  database_name: string;
}

export interface DashboardRow {
  /** With TAGGING_SYSTEM: the tags it carries. */
  tags?: TagRef[];
  id: number;
  dashboard_title: string;
  slug?: string | null;
  url?: string | null;
  status?: 'published' | 'draft';
  published?: boolean;
  certified_by?: string | null;
  certification_details?: string | null;
  changed_on_delta_humanized?: string;
  changed_on_utc?: string;
  changed_by?: Person | null;
  created_by?: Person | null;
  owners?: Person[];
  /** With THUMBNAILS: the picture's address. */
  thumbnail_url?: string | null;
}

export interface ChartRow {
  /** With TAGGING_SYSTEM: the tags it carries. */
  tags?: TagRef[];
  id: number;
  slice_name: string;
  viz_type?: string | null;
  url?: string | null;
  description?: string | null;
  datasource_name_text?: string | null;
  datasource_url?: string | null;
  changed_on_delta_humanized?: string;
  changed_by?: Person | null;
  created_by?: Person | null;
  owners?: Person[];
  dashboards?: Array<{ id: number; dashboard_title: string }>;
  /** With THUMBNAILS: the picture's address. */
  thumbnail_url?: string | null;
}

export interface DatasetRow {
  id: number;
  table_name: string;
  kind?: 'physical' | 'virtual';
  schema?: string | null;
  database?: DatabaseRef | null;
  owners?: Person[];
  changed_on_delta_humanized?: string;
  changed_by?: Person | null;
  explore_url?: string | null;
}

export interface DatabaseRow {
  id: number;
  database_name: string;
  backend?: string | null;
  expose_in_sqllab?: boolean;
  allow_run_async?: boolean;
  allow_dml?: boolean;
  allow_file_upload?: boolean;
  changed_on_delta_humanized?: string;
  changed_by?: Person | null;
  created_by?: Person | null;
}

export interface SavedQueryRow {
  /** With TAGGING_SYSTEM: the tags it carries. */
  tags?: TagRef[];
  id: number;
  label: string;
  description?: string | null;
  database?: DatabaseRef | null;
  schema?: string | null;
  sql?: string | null;
  changed_on_delta_humanized?: string;
  created_by?: Person | null;
}

export interface QueryRow {
  id: number | string;
  database?: DatabaseRef | null;
  schema?: string | null;
  sql?: string | null;
  executed_sql?: string | null;
  status?: string | null;
  start_time?: number | string | null;
  end_time?: number | string | null;
  rows?: number | null;
  user?: Person | null;
  tab_name?: string | null;
  changed_on?: string | null;
}
