/**
 * `GET /api/v1/explore/` (Superset's GetExploreCommand): what the Explore page opens with —
 * the form data (from a stored form-data key, else the saved chart's params, else a new one for
 * the dataset), the dataset's Explore payload and the saved chart. A dataset that is gone or
 * that the user may not read gives an empty dataset and the spec's message, so the page can say
 * so and offer to swap the dataset. A SQL Lab query (`datasource_type=query`) opens as a
 * datasource of type "query" (`datasets/query-datasource.ts`), for its owner and users who see
 * every query; 404 for anyone else. A saved query (`saved_query`) is not explorable in Superset
 * (its DAO finds it, its model has no datasource payload): a missing one opens as "[Missing
 * Dataset]", an existing one is a 400; a type Superset's DAO does not know (`sl_table`, …) is its
 * 422 "DAO datasource query source type is not supported".
 */
import { MESSAGES } from '@strata/core';
import { ApiError } from '../api/errors.js';
import { loadOwners } from '../api/user-summaries.js';
import { canReadChart } from '../chart_data/saved-chart.js';
import type { DatabaseConnections } from '../databases/connections.js';
import { canReadDataset } from '../datasets/access.js';
import { datasourceJson } from '../datasets/datasource-json.js';
import { loadQueryDatasource, queryDatasourceJson } from '../datasets/query-datasource.js';
import { loadDatasetRecords } from '../datasets/repository.js';
import type { MetadataDb } from '../metadata/db.js';
import { isAdmin, type Principal } from '../security/principal.js';
import type { ResultsBackend } from '../sqllab/results-backend.js';
import type { PermalinkState } from './permalink.js';

export interface ExploreQuery {
  form_data_key?: string;
  permalink_key?: string;
  slice_id?: number;
  datasource_id?: number;
  datasource_type?: string;
}

export interface ExploreAnswer {
  dataset: Record<string, unknown>;
  form_data: Record<string, unknown>;
  slice: Record<string, unknown> | null;
  message: string | null;
}

/** Reads an explore permalink's state (404/403 when unknown or not the user's to see). */
export type PermalinkReader = (key: string, principal: Principal) => Promise<PermalinkState>;

/** A permalink's `urlParams` (pairs or an object) as Superset's `dict(url_params)`. */
export function urlParamsObject(params: unknown): Record<string, unknown> {
  if (Array.isArray(params)) {
    const out: Record<string, unknown> = {};
    for (const pair of params) {
      if (Array.isArray(pair) && typeof pair[0] === 'string') out[pair[0]] = pair[1];
    }
    return out;
  }
  return params && typeof params === 'object' ? { ...(params as Record<string, unknown>) } : {};
}

/** Reads a stored form data entry of a key (for `form_data_key`); null when unknown or expired. */
export type FormDataReader = (
  key: string,
  principal: Principal,
) => Promise<Record<string, unknown> | null>;

const parseObject = (text: string | null | undefined): Record<string, unknown> => {
  if (!text) return {};
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
};

function emptyDataset(id: number | null): Record<string, unknown> {
  return {
    id: id ?? 0,
    type: 'table',
    columns: [],
    metrics: [],
    owners: [],
    name: '',
    table_name: '',
  };
}

/** Superset's DatasourceTypeNotSupportedError (status 422). */
export const DATASOURCE_TYPE_NOT_SUPPORTED = 'DAO datasource query source type is not supported';
const savedQueryNotExplorable = 'Datasource type saved_query cannot be explored';

/** Superset's payload for a datasource its DAO does not find: GetExploreCommand's fallback. */
function missingDatasource(
  id: number,
  type: string,
  formData: Record<string, unknown>,
  slice: Record<string, unknown> | null,
): ExploreAnswer {
  return {
    dataset: {
      type,
      name: '[Missing Dataset]',
      columns: [],
      metrics: [],
      database: { id: 0, backend: '' },
    },
    form_data: { ...formData, datasource: `${id}__${type}` },
    slice,
    message: null,
  };
}

export async function exploreState(
  db: MetadataDb,
  connections: DatabaseConnections,
  principal: Principal,
  query: ExploreQuery,
  readFormData: FormDataReader | null,
  results: ResultsBackend | null = null,
  readPermalink: PermalinkReader | null = null,
): Promise<ExploreAnswer> {
  let formData: Record<string, unknown> = {};
  let slice: Record<string, unknown> | null = null;
  let datasetId: number | null = query.datasource_id ?? null;
  let datasourceType: string | null = datasetId !== null ? (query.datasource_type ?? null) : null;
  let sliceId = query.slice_id;

  if (query.permalink_key !== undefined && readPermalink) {
    // Superset's GetExploreCommand: the permalink's form data, its URL parameters as
    // `url_params`, and the chart its form data names.
    const state = await readPermalink(query.permalink_key, principal);
    formData = { ...state.formData };
    if (state.urlParams) formData.url_params = urlParamsObject(state.urlParams);
    const named = formData.slice_id;
    if (sliceId === undefined && typeof named === 'number' && Number.isInteger(named) && named > 0)
      sliceId = named;
  } else if (query.form_data_key && readFormData) {
    const stored = await readFormData(query.form_data_key, principal);
    if (stored) formData = stored;
  }
  if (sliceId !== undefined) {
    const chart = await db
      .selectFrom('slices')
      .selectAll()
      .where('id', '=', sliceId)
      .executeTakeFirst();
    if (!chart || !(await canReadChart(db, principal, chart))) throw new ApiError(404, 'Not found');
    const owners = (await loadOwners(db, 'slice_user', 'slice_id', [chart.id])).get(chart.id) ?? [];
    const dashboards = await db
      .selectFrom('dashboard_slices')
      .select('dashboard_id')
      .where('slice_id', '=', chart.id)
      .execute();
    const params = parseObject(chart.params);
    slice = {
      slice_id: chart.id,
      slice_name: chart.slice_name,
      description: chart.description,
      viz_type: chart.viz_type,
      cache_timeout: chart.cache_timeout,
      certified_by: chart.certified_by,
      certification_details: chart.certification_details,
      owners,
      dashboards: dashboards.map((d) => d.dashboard_id),
      form_data: params,
      query_context: chart.query_context,
      slice_url: `/explore/?slice_id=${chart.id}`,
    };
    if (Object.keys(formData).length === 0)
      formData = { ...params, viz_type: chart.viz_type ?? params.viz_type };
    formData.slice_id = chart.id;
    if (chart.datasource_id !== null) {
      datasetId = chart.datasource_id;
      datasourceType = chart.datasource_type ?? 'table';
      formData.datasource = `${chart.datasource_id}__${datasourceType}`;
    }
  }
  if (datasetId === null && typeof formData.datasource === 'string') {
    const m = /^(\d{1,10})__([a-z_]*)/.exec(formData.datasource);
    if (m) {
      datasetId = Number(m[1]);
      datasourceType = m[2] || null;
    }
  }
  if (datasetId === null) throw new ApiError(400, MESSAGES.missingUrlParamsDetail);

  if (datasourceType === 'query') {
    const qd = await loadQueryDatasource(db, results, principal, datasetId);
    if (!qd) throw new ApiError(404, 'Not found');
    const dataset = queryDatasourceJson(qd, connections.spec(qd.database));
    if (typeof formData.datasource !== 'string') formData.datasource = dataset.uid;
    return { dataset, form_data: formData, slice, message: null };
  }

  if (datasourceType === 'saved_query') {
    // Superset's DatasourceDAO finds saved queries, but a SavedQuery is not explorable (it has
    // no name nor datasource payload): a missing one opens as "[Missing Dataset]", an existing
    // one fails. The failure is answered as a 400 here, not as Superset's 500.
    const saved = await db
      .selectFrom('saved_query')
      .select(['id', 'created_by_fk', 'user_id'])
      .where('id', '=', datasetId)
      .executeTakeFirst();
    const visible =
      saved !== undefined &&
      (isAdmin(principal) ||
        saved.created_by_fk === principal.id ||
        saved.user_id === principal.id);
    if (visible) throw new ApiError(400, savedQueryNotExplorable);
    return missingDatasource(datasetId, 'saved_query', formData, slice);
  }
  if (datasourceType !== null && datasourceType !== 'table' && datasourceType !== 'dataset') {
    // Superset's DatasourceDAO knows table, query and saved_query only (sl_table and the
    // other semantic-layer types are gone since 5.0): DatasourceTypeNotSupportedError.
    throw new ApiError(422, DATASOURCE_TYPE_NOT_SUPPORTED);
  }
  const rec = (await loadDatasetRecords(db, [datasetId])).get(datasetId);
  if (
    !rec ||
    !canReadDataset(
      principal,
      rec.row,
      rec.owners.map((o) => o.id),
    )
  ) {
    return {
      dataset: emptyDataset(datasetId),
      form_data: { ...formData, datasource: formData.datasource ?? `${datasetId}__table` },
      slice,
      message: MESSAGES.missingDatasetDetail,
    };
  }
  const dataset = datasourceJson(rec, connections.spec(rec.row));
  if (typeof formData.datasource !== 'string') formData.datasource = dataset.uid;
  return { dataset, form_data: formData, slice, message: null };
}
