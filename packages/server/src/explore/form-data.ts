/**
 * Explore's form data kept on the server (Superset's explore form data cache): a key per
 * browser tab's chart state, stored in the key-value store with an expiry (7 days, Superset's
 * default). Anyone who may read the dataset (and chart) may read an entry by its key; only the
 * user who made it may change or delete it. A SQL Lab query as datasource (`query`) is readable
 * by its owner and users who see every query.
 */
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { canReadChart } from '../chart_data/saved-chart.js';
import { canReadDataset } from '../datasets/access.js';
import { readableQuery } from '../datasets/query-datasource.js';
import { loadDatasetRecords } from '../datasets/repository.js';
import { deleteEntry, getEntry, KV_RESOURCE, putEntry, updateEntry } from '../key_value/store.js';
import type { MetadataDb } from '../metadata/db.js';
import type { Principal } from '../security/principal.js';

/** How long a form data entry lives unless updated (Superset: 7 days). */
export const EXPLORE_FORM_DATA_TTL_SECONDS = 7 * 24 * 3600;
/** Largest form data text kept. */
export const EXPLORE_FORM_DATA_MAX_CHARS = 512 * 1024;

const id = z.number().int().positive().max(2_147_483_647);
export const formDataBody = z.object({
  datasource_id: id,
  datasource_type: z.enum(['table', 'dataset', 'query', 'saved_query']),
  chart_id: id.nullish(),
  form_data: z
    .string()
    .max(EXPLORE_FORM_DATA_MAX_CHARS)
    .refine((text) => {
      try {
        const v: unknown = JSON.parse(text);
        return typeof v === 'object' && v !== null && !Array.isArray(v);
      } catch {
        return false;
      }
    }, 'form_data must be a JSON object'),
});
export type FormDataBody = z.infer<typeof formDataBody>;

interface StoredFormData {
  owner: number;
  datasource_id: number;
  datasource_type: string;
  chart_id: number | null;
  form_data: string;
}

const expiry = (now: Date) => new Date(now.getTime() + EXPLORE_FORM_DATA_TTL_SECONDS * 1000);

/** The dataset or query (and chart) must exist and be readable: 404 otherwise. */
export async function assertExploreAccess(
  db: MetadataDb,
  principal: Principal,
  datasourceId: number,
  chartId: number | null | undefined,
  datasourceType = 'table',
): Promise<void> {
  if (datasourceType === 'query') {
    if (!(await readableQuery(db, principal, datasourceId)))
      throw new ApiError(404, 'Dataset not found');
  } else if (!(await canReadDatasetId(db, principal, datasourceId)))
    throw new ApiError(404, 'Dataset not found');
  if (chartId !== null && chartId !== undefined) {
    const chart = await db
      .selectFrom('slices')
      .select(['id', 'created_by_fk'])
      .where('id', '=', chartId)
      .executeTakeFirst();
    if (!chart || !(await canReadChart(db, principal, chart)))
      throw new ApiError(404, 'Chart not found');
  }
}

async function canReadDatasetId(
  db: MetadataDb,
  principal: Principal,
  datasetId: number,
): Promise<boolean> {
  const rec = (await loadDatasetRecords(db, [datasetId])).get(datasetId);
  return (
    rec !== undefined &&
    canReadDataset(
      principal,
      rec.row,
      rec.owners.map((o) => o.id),
    )
  );
}

function parseStored(value: string): StoredFormData | null {
  try {
    const v = JSON.parse(value) as StoredFormData;
    return typeof v.form_data === 'string' && typeof v.datasource_id === 'number' ? v : null;
  } catch {
    return null;
  }
}

export async function createFormData(
  db: MetadataDb,
  principal: Principal,
  body: FormDataBody,
  now = new Date(),
): Promise<string> {
  await assertExploreAccess(db, principal, body.datasource_id, body.chart_id, body.datasource_type);
  const stored: StoredFormData = {
    owner: principal.id,
    datasource_id: body.datasource_id,
    datasource_type: body.datasource_type,
    chart_id: body.chart_id ?? null,
    form_data: body.form_data,
  };
  return putEntry(
    db,
    KV_RESOURCE.exploreFormData,
    JSON.stringify(stored),
    principal.id,
    expiry(now),
  );
}

async function ownEntry(
  db: MetadataDb,
  principal: Principal,
  key: string,
): Promise<StoredFormData> {
  const entry = await getEntry(db, KV_RESOURCE.exploreFormData, key);
  const stored = entry ? parseStored(entry.value) : null;
  if (!stored) throw new ApiError(404, 'Not found');
  if (stored.owner !== principal.id) throw new ApiError(403, 'Forbidden');
  return stored;
}

export async function updateFormData(
  db: MetadataDb,
  principal: Principal,
  key: string,
  body: FormDataBody,
  now = new Date(),
): Promise<void> {
  await ownEntry(db, principal, key);
  await assertExploreAccess(db, principal, body.datasource_id, body.chart_id, body.datasource_type);
  const stored: StoredFormData = {
    owner: principal.id,
    datasource_id: body.datasource_id,
    datasource_type: body.datasource_type,
    chart_id: body.chart_id ?? null,
    form_data: body.form_data,
  };
  await updateEntry(db, KV_RESOURCE.exploreFormData, key, JSON.stringify(stored), expiry(now));
}

/** The stored form data text of a key the principal may read, or null when unknown. */
export async function readFormData(
  db: MetadataDb,
  principal: Principal,
  key: string,
): Promise<string | null> {
  const entry = await getEntry(db, KV_RESOURCE.exploreFormData, key);
  const stored = entry ? parseStored(entry.value) : null;
  if (!stored) return null;
  await assertExploreAccess(
    db,
    principal,
    stored.datasource_id,
    stored.chart_id,
    stored.datasource_type,
  );
  return stored.form_data;
}

export async function deleteFormData(
  db: MetadataDb,
  principal: Principal,
  key: string,
): Promise<void> {
  await ownEntry(db, principal, key);
  await deleteEntry(db, KV_RESOURCE.exploreFormData, key);
}
