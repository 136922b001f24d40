/**
 * Explore permalinks (Superset's explore permalink): the form data and URL parameters kept for
 * good under a random key; `/superset/explore/p/{key}/` opens them. Creating and reading both
 * need read access to the dataset (and chart) the form data names.
 */
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { getEntry, KV_RESOURCE, putEntry } from '../key_value/store.js';
import type { MetadataDb } from '../metadata/db.js';
import type { Principal } from '../security/principal.js';
import { assertExploreAccess, EXPLORE_FORM_DATA_MAX_CHARS } from './form-data.js';

export const permalinkBody = z.object({
  formData: z.record(z.string(), z.unknown()),
  urlParams: z
    .array(z.tuple([z.string(), z.string()]))
    .or(z.record(z.string(), z.string()))
    .optional(),
});
export type PermalinkBody = z.infer<typeof permalinkBody>;

export interface PermalinkState {
  formData: Record<string, unknown>;
  urlParams?: unknown;
}

/** The dataset (or query) and chart a form data names; 400 without a dataset. */
export function formDataTarget(formData: Record<string, unknown>): {
  datasetId: number;
  datasourceType: string;
  chartId: number | null;
} {
  const m =
    typeof formData.datasource === 'string'
      ? /^(\d{1,10})__([a-z_]+)$/.exec(formData.datasource)
      : null;
  if (!m) throw new ApiError(400, 'Bad request: formData.datasource must look like {id}__table');
  const slice = formData.slice_id;
  const chartId = typeof slice === 'number' && Number.isInteger(slice) && slice > 0 ? slice : null;
  return { datasetId: Number(m[1]), datasourceType: m[2]!, chartId };
}

export async function createPermalink(
  db: MetadataDb,
  principal: Principal,
  body: PermalinkBody,
): Promise<string> {
  const { datasetId, datasourceType, chartId } = formDataTarget(body.formData);
  await assertExploreAccess(db, principal, datasetId, chartId, datasourceType);
  const state: PermalinkState = {
    formData: body.formData,
    ...(body.urlParams ? { urlParams: body.urlParams } : {}),
  };
  const text = JSON.stringify(state);
  if (text.length > EXPLORE_FORM_DATA_MAX_CHARS)
    throw new ApiError(413, 'The chart state is too large');
  return putEntry(
    db,
    KV_RESOURCE.explorePermalink,
    text,
    principal.isAnonymous ? null : principal.id,
  );
}

export async function readPermalink(
  db: MetadataDb,
  principal: Principal,
  key: string,
): Promise<PermalinkState> {
  const entry = await getEntry(db, KV_RESOURCE.explorePermalink, key);
  if (!entry) throw new ApiError(404, 'Not found');
  let state: PermalinkState;
  try {
    state = JSON.parse(entry.value) as PermalinkState;
  } catch {
    throw new ApiError(404, 'Not found');
  }
  const { datasetId, datasourceType, chartId } = formDataTarget(state.formData ?? {});
  await assertExploreAccess(db, principal, datasetId, chartId, datasourceType);
  return state;
}
