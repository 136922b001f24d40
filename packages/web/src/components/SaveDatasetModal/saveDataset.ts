import {
  DATASET_DIALOG_ROW_LIMIT,
  DEFAULT_TIME_RANGE,
  DEFAULT_VIZ_TYPE,
  type QueryFormData,
  type ResultColumn,
} from '@strata/core';
import { listUrl } from '../../app/api/urls';

export const UNTITLED_DATASET = 'Untitled Dataset';

/** The dialog's modes (the spec's 1 and 2). */
export type DatasetSaveMode = 'new' | 'overwrite';

const pad = (n: number) => String(n).padStart(2, '0');

/** "MM/DD/YYYY HH:mm:ss" in local time. */
export function formatDateTime(d: Date): string {
  return (
    `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  );
}

/** The name offered for a new dataset: the given one, or "Untitled Dataset" and the time. */
export function defaultDatasetName(name: string | null | undefined, now = new Date()): string {
  const trimmed = (name ?? '').trim();
  return trimmed !== '' ? trimmed : `${UNTITLED_DATASET} ${formatDateTime(now)}`;
}

/** A result column as a dataset column. */
export function datasetColumns(columns: readonly ResultColumn[]) {
  return columns.map((c) => ({
    column_name: c.column_name,
    type: c.type,
    is_dttm: c.is_dttm,
  }));
}

/**
 * Template parameters to store with the dataset: the object without `_filters` (only used to
 * try templates in SQL Lab); null when there are none or the text is not a JSON object.
 */
export function datasetTemplateParams(text: string | null | undefined): string | null {
  if (!text || text.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const { _filters: _ignored, ...rest } = parsed as Record<string, unknown>;
    return Object.keys(rest).length > 0 ? JSON.stringify(rest) : null;
  } catch {
    return null;
  }
}

export interface NewDatasetInput {
  dbId: number;
  schema: string | null;
  catalog?: string | null;
  sql: string;
  templateParams: string | null;
  datasourceName: string;
  columns: readonly ResultColumn[];
}

/** Body of `POST /superset/sqllab_viz/`: the dataset as JSON text in `data`. */
export function sqllabVizBody(input: NewDatasetInput): { data: string } {
  return {
    data: JSON.stringify({
      schema: input.schema,
      catalog: input.catalog ?? null,
      sql: input.sql,
      dbId: input.dbId,
      templateParams: input.templateParams,
      datasourceName: input.datasourceName.trim(),
      metrics: [],
      columns: datasetColumns(input.columns),
    }),
  };
}

/** The new dataset's id in the answer of `/superset/sqllab_viz/` (`{data: {id, …}}`). */
export function createdDatasetId(answer: unknown): number | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const data = (answer as { data?: unknown }).data;
  const id = typeof data === 'object' && data !== null ? (data as { id?: unknown }).id : undefined;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

export interface OverwriteInput {
  dbId: number;
  schema: string | null;
  catalog?: string | null;
  sql: string;
  columns: readonly ResultColumn[];
  /** The chosen dataset's owners (kept as they are). */
  owners?: number[] | null;
  templateParams?: string | null;
}

/** `PUT /api/v1/dataset/{id}?override_columns=true` */
export function overwriteUrl(id: number): string {
  return `/api/v1/dataset/${id}?override_columns=true`;
}

/** Body of the overwrite: the query's SQL, database, schema and result columns. */
export function overwriteBody(input: OverwriteInput): Record<string, unknown> {
  const body: Record<string, unknown> = {
    sql: input.sql,
    columns: datasetColumns(input.columns),
    database_id: input.dbId,
    schema: input.schema,
  };
  if (input.catalog) body.catalog = input.catalog;
  if (input.owners && input.owners.length > 0) body.owners = input.owners;
  if (input.templateParams) body.template_params = input.templateParams;
  return body;
}

/** Rows the overwrite picker asks for at a time. */
export const OWNED_DATASETS_PAGE_SIZE = 50;

/** Datasets of the user whose name contains `search`, most recently changed first. */
export function ownedDatasetsUrl(search: string, userId: number): string {
  return listUrl('dataset', {
    filters: [
      { col: 'table_name', opr: 'ct', value: search.trim() },
      { col: 'owners', opr: 'rel_m_m', value: userId },
    ],
    order_column: 'changed_on_delta_humanized',
    order_direction: 'desc',
    page: 0,
    page_size: OWNED_DATASETS_PAGE_SIZE,
  });
}

/** A dataset the picker offers. */
export interface OwnedDataset {
  id: number;
  table_name: string;
  schema: string | null;
  database: string | null;
  owners: number[];
}

function ownerIds(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const ids: number[] = [];
  for (const o of value) {
    const id = typeof o === 'number' ? o : (o as { id?: unknown } | null)?.id;
    if (typeof id === 'number') ids.push(id);
  }
  return ids;
}

/** The rows of a dataset list answer, as the picker needs them. */
export function ownedDatasetsFromList(answer: unknown): OwnedDataset[] {
  const result = (answer as { result?: unknown } | null)?.result;
  if (!Array.isArray(result)) return [];
  const out: OwnedDataset[] = [];
  for (const r of result as Array<Record<string, unknown>>) {
    if (typeof r?.id !== 'number' || typeof r.table_name !== 'string') continue;
    const db = r.database as { database_name?: unknown } | null | undefined;
    out.push({
      id: r.id,
      table_name: r.table_name,
      schema: typeof r.schema === 'string' ? r.schema : null,
      database: typeof db?.database_name === 'string' ? db.database_name : null,
      owners: ownerIds(r.owners),
    });
  }
  return out;
}

/** Explore for a dataset. */
export function exploreDatasetUrl(id: number): string {
  return `/explore/?datasource_type=table&datasource_id=${id}`;
}

/**
 * The form data Explore opens with on the saved dataset (spec 001 §2, §9 "Dataset-dialog form
 * data"; Superset's EXPLORE_CHART_DEFAULT): no metrics nor dimensions, no time filter, 1,000
 * rows, a table in raw mode listing the dataset's columns. Explore's own form data, when the
 * dialog is opened there on a query, is kept over those defaults (its chart stays as it was),
 * moved onto the dataset; a table chart gets the dataset's columns as its raw columns.
 */
export function savedDatasetFormData(
  datasetId: number,
  columns: readonly ResultColumn[],
  formData: QueryFormData | null = null,
): QueryFormData {
  const base: QueryFormData = {
    datasource: `${datasetId}__table`,
    viz_type: DEFAULT_VIZ_TYPE,
    metrics: [],
    groupby: [],
    time_range: DEFAULT_TIME_RANGE,
    row_limit: DATASET_DIALOG_ROW_LIMIT,
    ...(formData ? {} : { query_mode: 'raw' }),
  };
  const fd: QueryFormData = { ...base, ...(formData ?? {}), datasource: base.datasource };
  // A chart of the query is not a chart of the dataset yet (it is saved apart).
  delete fd.slice_id;
  delete fd.url_params;
  if (fd.viz_type === DEFAULT_VIZ_TYPE) fd.all_columns = columns.map((c) => c.column_name);
  return fd;
}
