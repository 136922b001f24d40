import type { MetadataDb } from '../metadata/db.js';
import { toIso } from '../metadata/db.js';

/** One annotation as the chart data answer carries it (times as epoch milliseconds). */
export interface NativeAnnotationRecord {
  start_dttm: number | null;
  end_dttm: number | null;
  short_descr: string | null;
  long_descr: string | null;
  json_metadata: string | null;
}

export const NATIVE_ANNOTATION_COLUMNS = [
  'start_dttm',
  'end_dttm',
  'short_descr',
  'long_descr',
  'json_metadata',
] as const;

export interface NativeAnnotationData {
  columns: string[];
  records: NativeAnnotationRecord[];
}

const epoch = (v: string | Date | null): number | null => {
  const iso = toIso(v);
  if (iso === null) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
};

/**
 * The annotations of a native layer overlapping `[fromDttm, toDttm]` (either bound may be
 * absent: no limit on that side), ordered by start. Null when the layer does not exist.
 */
export async function nativeAnnotationData(
  db: MetadataDb,
  layerId: number,
  fromDttm: Date | null,
  toDttm: Date | null,
): Promise<NativeAnnotationData | null> {
  const layer = await db
    .selectFrom('annotation_layer')
    .select('id')
    .where('id', '=', layerId)
    .executeTakeFirst();
  if (!layer) return null;
  let qb = db
    .selectFrom('annotation')
    .select(['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'])
    .where('layer_id', '=', layerId);
  // An annotation without an end is a point at its start; without a start, one at its end.
  if (toDttm) {
    const to = toDttm.toISOString();
    qb = qb.where((eb) =>
      eb.or([
        eb('start_dttm', '<=', to),
        eb.and([eb('start_dttm', 'is', null), eb('end_dttm', '<=', to)]),
      ]),
    );
  }
  if (fromDttm) {
    const from = fromDttm.toISOString();
    qb = qb.where((eb) =>
      eb.or([
        eb('end_dttm', '>=', from),
        eb.and([eb('end_dttm', 'is', null), eb('start_dttm', '>=', from)]),
      ]),
    );
  }
  const rows = await qb.orderBy('start_dttm').orderBy('id').execute();
  return {
    columns: [...NATIVE_ANNOTATION_COLUMNS],
    records: rows.map((r) => ({
      start_dttm: epoch(r.start_dttm),
      end_dttm: epoch(r.end_dttm),
      short_descr: r.short_descr,
      long_descr: r.long_descr,
      json_metadata: r.json_metadata,
    })),
  };
}
