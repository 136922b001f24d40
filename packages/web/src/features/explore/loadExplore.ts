/**
 * What Explore opens: `GET /api/v1/explore/` for a form data key, chart or dataset; for a
 * permalink, its stored form data over the dataset (and chart) it names.
 */
import { parseDatasource } from '@strata/charts';
import type { ApiClient } from '../../app/api';
import { exploreUrl } from './hydrate';
import type { ExplorePayload, ExploreUrlParams } from './types';

export async function loadExplore(
  api: ApiClient,
  params: ExploreUrlParams,
  signal?: AbortSignal,
): Promise<ExplorePayload> {
  if (!params.permalinkKey) {
    return (await api.get<{ result: ExplorePayload }>(exploreUrl(params), { signal })).result;
  }
  const { state } = await api.get<{ state: { formData: Record<string, unknown> } }>(
    `/api/v1/explore/permalink/${encodeURIComponent(params.permalinkKey)}`,
    { signal },
  );
  const formData = state.formData ?? {};
  const { id, type } = parseDatasource(String(formData.datasource ?? ''));
  const sliceId = typeof formData.slice_id === 'number' ? formData.slice_id : null;
  const base = (
    await api.get<{ result: ExplorePayload }>(
      exploreUrl({ formDataKey: null, sliceId, datasourceId: id, datasourceType: type }),
      { signal },
    )
  ).result;
  return { ...base, form_data: formData };
}
