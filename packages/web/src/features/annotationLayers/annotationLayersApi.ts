/**
 * The calls of `/api/v1/annotation_layer/` and a layer's `/annotation/` (Superset's
 * AnnotationLayerRestApi and AnnotationRestApi). The list pages' own list calls go through
 * ListView with these resources.
 */
import { api, itemUrl } from '../../app/api';
import type { Person } from '../../components/people';

export const ANNOTATION_LAYER_RESOURCE = 'annotation_layer';
/** Permission view of layers and annotations (Superset's `Annotation`). */
export const ANNOTATION_VIEW = 'Annotation';

/** The ListView resource of a layer's annotations. */
export function annotationResource(layerId: number): string {
  return `${ANNOTATION_LAYER_RESOURCE}/${layerId}/annotation`;
}

/** A layer as the list and get calls answer it. */
export interface AnnotationLayerRow {
  id: number;
  name: string;
  descr: string | null;
  changed_on_delta_humanized?: string | null;
  created_on?: string | null;
  changed_by?: Person | null;
  created_by?: Person | null;
}

/** An annotation as the list and get calls answer it. */
export interface AnnotationRow {
  id: number;
  short_descr: string;
  long_descr: string | null;
  start_dttm: string | null;
  end_dttm: string | null;
  json_metadata: string | null;
  layer?: { id: number; name: string };
  changed_on_delta_humanized?: string | null;
  changed_by?: Person | null;
}

/** `GET /api/v1/annotation_layer/{id}` */
export async function fetchAnnotationLayer(
  id: number,
  signal?: AbortSignal,
): Promise<AnnotationLayerRow> {
  const res = await api.get<{ result: AnnotationLayerRow }>(
    itemUrl(ANNOTATION_LAYER_RESOURCE, id),
    { signal },
  );
  return res.result;
}
