/** The annotation form's rules, apart from the modal (pure). */

export interface AnnotationFormValues {
  short_descr: string;
  /** Start and end as ISO texts (the picker's values, converted by the modal). */
  start: string;
  end: string;
  long_descr: string;
  json_metadata: string;
}

export interface AnnotationPayload {
  short_descr: string;
  start_dttm: string;
  end_dttm: string;
  long_descr: string | null;
  json_metadata: string | null;
}

/** Superset's message for JSON metadata that does not parse. */
export const JSON_NOT_VALID = 'JSON not valid';

/** Why the JSON metadata text is refused, or null (empty is allowed). */
export function jsonMetadataProblem(text: string | null | undefined): string | null {
  if (!text || text.trim() === '') return null;
  try {
    JSON.parse(text);
    return null;
  } catch {
    return JSON_NOT_VALID;
  }
}

/** The body of a create or update call: trimmed label, empty texts as null. */
export function annotationPayload(values: AnnotationFormValues): AnnotationPayload {
  const orNull = (t: string) => (t.trim() === '' ? null : t);
  return {
    short_descr: values.short_descr.trim(),
    start_dttm: values.start,
    end_dttm: values.end,
    long_descr: orNull(values.long_descr ?? ''),
    json_metadata: orNull(values.json_metadata ?? ''),
  };
}

/** The layer id of the page's address (`/annotationlayer/{id}/annotation/`), or null. */
export function layerIdParam(text: string | undefined): number | null {
  if (!text || !/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
}
