/**
 * Explore's hydration (spec 001 §4): the form data the page starts from, given what the server
 * answered — the default viz type and time range, colour schemes that do not exist replaced by
 * the defaults, `include_time` moving the time column into the group-by, the datasource key.
 */
import {
  DEFAULT_CATEGORICAL_SCHEME,
  DEFAULT_SEQUENTIAL_SCHEME,
  DEFAULT_TIME_RANGE,
  DEFAULT_VIZ_TYPE,
  type QueryFormData,
} from '@strata/core';
import { isValidCategoricalScheme, isValidSequentialScheme } from '@strata/charts';
import type { ExplorePayload, ExploreUrlParams } from './types';

const positiveInt = (v: string | null): number | null =>
  v !== null && /^\d{1,10}$/.test(v) && Number(v) > 0 ? Number(v) : null;

const PERMALINK = /^\/(?:superset\/)?explore\/p\/([A-Za-z0-9_-]{1,128})\/?$/;

/** The key of an Explore permalink address (`/superset/explore/p/{key}/`), or null. */
export function permalinkKey(pathname: string): string | null {
  return PERMALINK.exec(pathname)?.[1] ?? null;
}

/** The URL parameters Explore is opened with. */
export function readExploreParams(search: string, pathname = ''): ExploreUrlParams {
  const p = new URLSearchParams(search);
  const permalink = permalinkKey(pathname);
  const datasource = p.get('datasource');
  const [dsId, dsType] = datasource?.split('__') ?? [];
  const viz = p.get('viz_type');
  const pageId = p.get('dashboard_page_id');
  return {
    ...(permalink ? { permalinkKey: permalink } : {}),
    ...(pageId && /^[A-Za-z0-9_-]{1,64}$/.test(pageId) ? { dashboardPageId: pageId } : {}),
    ...(viz && /^[a-z0-9_]{1,64}$/.test(viz) ? { vizType: viz } : {}),
    formDataKey: p.get('form_data_key'),
    sliceId: positiveInt(p.get('slice_id')),
    datasourceId: positiveInt(p.get('datasource_id') ?? p.get('dataset_id') ?? dsId ?? null),
    datasourceType: p.get('datasource_type') ?? dsType ?? (p.get('dataset_id') ? 'table' : null),
  };
}

/** Whether the page has something to open (else: "Missing URL parameters"). */
export function hasExploreTarget(params: ExploreUrlParams): boolean {
  return (
    !!params.permalinkKey ||
    params.formDataKey !== null ||
    params.sliceId !== null ||
    params.datasourceId !== null
  );
}

/** Whether the chart is shown alone (embedded: `?standalone=1` or `true`). */
export { isStandaloneSearch as isStandalone } from '../../app/layout/navigation';

/** The `GET /api/v1/explore/` address for the parameters. */
export function exploreUrl(params: ExploreUrlParams): string {
  const q = new URLSearchParams();
  if (params.formDataKey) q.set('form_data_key', params.formDataKey);
  if (params.sliceId) q.set('slice_id', String(params.sliceId));
  if (params.datasourceId) {
    q.set('datasource_id', String(params.datasourceId));
    q.set('datasource_type', params.datasourceType ?? 'table');
  }
  return `/api/v1/explore/?${q.toString()}`;
}

export function hydrateFormData(payload: ExplorePayload): QueryFormData {
  const raw = payload.form_data ?? {};
  const fd: QueryFormData = {
    ...raw,
    datasource:
      typeof raw.datasource === 'string' && raw.datasource
        ? raw.datasource
        : payload.dataset
          ? `${payload.dataset.id}__${payload.dataset.type ?? 'table'}`
          : '',
    viz_type: typeof raw.viz_type === 'string' && raw.viz_type ? raw.viz_type : DEFAULT_VIZ_TYPE,
  };
  if (payload.slice) fd.slice_id = payload.slice.slice_id;
  if (fd.time_range === undefined || fd.time_range === null) fd.time_range = DEFAULT_TIME_RANGE;
  if (fd.color_scheme !== undefined && !isValidCategoricalScheme(fd.color_scheme))
    fd.color_scheme = DEFAULT_CATEGORICAL_SCHEME;
  if (fd.linear_color_scheme !== undefined && !isValidSequentialScheme(fd.linear_color_scheme))
    fd.linear_color_scheme = DEFAULT_SEQUENTIAL_SCHEME;
  // The query-editor era: `include_time` put the time column into the group-by.
  if (fd.include_time === true && typeof fd.granularity_sqla === 'string') {
    const groupby = Array.isArray(fd.groupby) ? fd.groupby : [];
    if (!groupby.includes(fd.granularity_sqla)) fd.groupby = [fd.granularity_sqla, ...groupby];
  }
  return fd;
}
