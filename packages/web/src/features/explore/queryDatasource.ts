/**
 * Explore on an unsaved SQL Lab query (datasource type "query", Superset's behaviour): the dataset
 * menu it gets (spec 001 §2: Query preview, View in SQL Lab, Save as dataset), what the Save or
 * Overwrite Dataset dialog needs of it.
 */
import type { ResultColumn } from '@strata/core';
import type { DatasourceColumn } from '@strata/charts';

export const QUERY_DATASOURCE_TYPE = 'query';

/** The dataset menu's entries. */
export type DatasetMenuKey = 'edit' | 'swap' | 'preview' | 'sqllab' | 'save_dataset';

/** What the menu needs to know of the datasource. */
export interface MenuDatasource {
  type?: string | null;
  sql?: string | null;
}

/** Whether the datasource is a SQL Lab query rather than a dataset. */
export function isQueryDatasource(ds: { type?: string | null } | null | undefined): boolean {
  return ds?.type === QUERY_DATASOURCE_TYPE;
}

/**
 * The menu's entries, in order: for a query, Query preview, View in SQL Lab (users allowed the
 * query editor) and Save as dataset; for a dataset, Edit dataset, Swap dataset, Query preview
 * (virtual datasets) and View in SQL Lab.
 */
export function datasetMenuKeys(ds: MenuDatasource, mayUseSqlLab: boolean): DatasetMenuKey[] {
  const sqlLab: DatasetMenuKey[] = mayUseSqlLab ? ['sqllab'] : [];
  if (isQueryDatasource(ds)) return ['preview', ...sqlLab, 'save_dataset'];
  return ['edit', 'swap', ...(ds.sql ? (['preview'] as const) : []), ...sqlLab];
}

/** A datasource's columns as the dialog saves them (result columns of the query). */
export function datasetColumnsOf(columns: readonly DatasourceColumn[]): ResultColumn[] {
  return columns.map((c) => ({
    column_name: c.column_name,
    name: c.column_name,
    type: c.type ?? null,
    type_generic: c.type_generic ?? null,
    is_dttm: c.is_dttm === true,
  }));
}

/** What a datasource needs for the form post that opens it in SQL Lab. */
export interface SqlLabSource {
  id: number;
  type?: string | null;
  sql?: string | null;
  schema?: string | null;
  table_name?: string | null;
  name?: string | null;
  database?: { id: number } | null;
}

/**
 * The fields of the `/superset/sqllab/` form post: a dataset by its key (the server finds its
 * database), a query by its database, schema and name; with the SQL to show.
 */
export function sqlLabFormFields(ds: SqlLabSource): Record<string, string> {
  const table = ds.table_name ?? ds.name ?? '';
  const sql = ds.sql || `SELECT * FROM ${ds.schema ? `${ds.schema}.` : ''}${table}`;
  if (isQueryDatasource(ds) && ds.database) {
    return {
      dbId: String(ds.database.id),
      ...(ds.schema ? { schema: ds.schema } : {}),
      ...(ds.name ? { name: ds.name } : {}),
      sql,
    };
  }
  return { datasourceKey: `${ds.id}__${ds.type || 'table'}`, sql };
}
