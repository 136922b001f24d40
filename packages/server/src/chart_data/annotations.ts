/**
 * `annotation_data` of a query object's result (Superset's QueryContextProcessor
 * get_annotation_data): NATIVE layers are the layer's annotations in the query's time range;
 * layers sourced from a chart (EVENT, INTERVAL, TIME_SERIES with a chart's viz type as
 * `sourceType` and its id as `value`) are that chart's saved query run again with the layer's
 * overrides, answered as `{records}`. FORMULA layers are drawn by the browser; hidden layers are
 * skipped. Chart sources have their own time-out (spec: 60 s, "Query timeout for annotations").
 */
import type { QueryObject } from '@strata/core';
import { ApiError } from '../api/errors.js';
import { nativeAnnotationData } from '../annotation_layers/native.js';
import type { MetadataDb } from '../metadata/db.js';
import { epochMillis } from './prepare.js';

/** Superset's annotation query time-out (ms). */
export const ANNOTATION_QUERY_TIMEOUT_MS = 60_000;
export const ANNOTATION_TIMEOUT_MESSAGE = 'Query timeout for annotations';

/** The overrides a chart-sourced layer applies to its source chart's queries. */
export interface AnnotationOverrides {
  time_range?: string | null;
  time_grain_sqla?: string | null;
  granularity?: string | null;
}

/** Runs a saved chart's query context with overrides; the first query's records. */
export type AnnotationChartRunner = (
  chartId: number,
  overrides: AnnotationOverrides,
  signal: AbortSignal,
) => Promise<Array<Record<string, unknown>>>;

const dateOf = (text: string | null | undefined): Date | null => {
  const ms = epochMillis(text);
  return ms === null ? null : new Date(ms);
};

const idOf = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/**
 * The overrides of a layer, a null value taking the current chart's own setting (Superset's
 * frontend fills `overrides: {time_range: null}` with the chart's time range).
 */
export function layerOverrides(
  layer: Record<string, unknown>,
  query: QueryObject,
): AnnotationOverrides {
  const raw = (layer.overrides ?? {}) as Record<string, unknown>;
  const out: AnnotationOverrides = {};
  const own = {
    time_range: query.time_range ?? null,
    time_grain_sqla: (query.extras?.time_grain_sqla as string | undefined) ?? null,
    granularity: query.granularity ?? null,
  };
  for (const key of ['time_range', 'time_grain_sqla', 'granularity'] as const) {
    if (!(key in raw)) continue;
    const v = raw[key];
    out[key] = v === null || v === undefined ? own[key] : typeof v === 'string' ? v : String(v);
  }
  return out;
}

async function withTimeout<T>(
  work: (signal: AbortSignal) => Promise<T>,
  timeoutMs: number,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ApiError(400, ANNOTATION_TIMEOUT_MESSAGE));
    }, timeoutMs);
  });
  try {
    return await Promise.race([work(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function chartAnnotationData(
  db: MetadataDb,
  query: QueryObject,
  runChart: AnnotationChartRunner | null = null,
  timeoutMs = ANNOTATION_QUERY_TIMEOUT_MS,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const layer of query.annotation_layers ?? []) {
    if (layer.annotationType === 'FORMULA' || layer.show === false) continue;
    const source = typeof layer.sourceType === 'string' ? layer.sourceType : '';
    const name = typeof layer.name === 'string' ? layer.name : String(layer.value);
    const id = idOf(layer.value);
    if (source === 'NATIVE') {
      if (id === null)
        throw new ApiError(400, `Annotation layer ${name}: value must be a layer id`);
      const data = await nativeAnnotationData(
        db,
        id,
        dateOf(query.from_dttm),
        dateOf(query.to_dttm),
      );
      if (!data) throw new ApiError(400, `Annotation layer not found: ${name}`);
      out[name] = data;
      continue;
    }
    if (!source || !/^[a-z0-9_]+$/i.test(source))
      throw new ApiError(400, `Annotation layer ${name}: unknown source type`);
    if (id === null) throw new ApiError(400, `Annotation layer ${name}: value must be a chart id`);
    if (!runChart) throw new ApiError(400, `Annotation layer ${name}: charts cannot be read here`);
    const overrides = layerOverrides(layer, query);
    try {
      const records = await withTimeout((signal) => runChart(id, overrides, signal), timeoutMs);
      out[name] = { records };
    } catch (e) {
      if (e instanceof ApiError && e.message === ANNOTATION_TIMEOUT_MESSAGE) throw e;
      const message = e instanceof Error ? e.message : String(e);
      throw new ApiError(400, `Annotation layer ${name}: ${message}`);
    }
  }
  return out;
}
