import type { QueryObject } from '@strata/core';
import { ApiError } from '../api/errors.js';
import { nativeAnnotationData } from '../annotation_layers/native.js';
import type { MetadataDb } from '../metadata/db.js';
import { epochMillis } from './prepare.js';

const dateOf = (text: string | null | undefined): Date | null => {
  const ms = epochMillis(text);
  return ms === null ? null : new Date(ms);
};

const layerIdOf = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/**
 * `annotation_data` of a query object's result: each NATIVE layer's annotations in the query's
 * time range under the layer's name (Superset's `get_native_annotation_data`). FORMULA layers
 * are drawn by the browser and need nothing; layers from other charts are refused (400) until
 * they are supported, rather than silently missing.
 */
export async function chartAnnotationData(
  db: MetadataDb,
  query: QueryObject,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const layer of query.annotation_layers ?? []) {
    if (layer.annotationType === 'FORMULA') continue;
    const source = typeof layer.sourceType === 'string' ? layer.sourceType : '';
    if (source !== 'NATIVE') {
      const what = source || String(layer.annotationType ?? 'unknown');
      throw new ApiError(400, `Annotation source not supported yet: ${what}`);
    }
    const id = layerIdOf(layer.value);
    const name = typeof layer.name === 'string' ? layer.name : String(layer.value);
    if (id === null) throw new ApiError(400, `Annotation layer ${name}: value must be a layer id`);
    const data = await nativeAnnotationData(db, id, dateOf(query.from_dttm), dateOf(query.to_dttm));
    if (!data) throw new ApiError(400, `Annotation layer not found: ${name}`);
    out[name] = data;
  }
  return out;
}
