/**
 * What the dataset control shows beside the dataset's name (spec 001 §2 "Dataset control": a
 * health warning; Superset's DatasourceControl): the warning markdown and the certification of
 * the dataset's `extra` JSON, and the server's health check message.
 */
export interface DatasetHealth {
  warningMarkdown: string | null;
  certifiedBy: string | null;
  certificationDetails: string | null;
  healthCheckMessage: string | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

const objectOf = (v: unknown): Record<string, unknown> => {
  if (typeof v === 'string') {
    try {
      return objectOf(JSON.parse(v) as unknown);
    } catch {
      return {};
    }
  }
  return typeof v === 'object' && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : {};
};

/** The dataset's health from its payload (`extra` as JSON text or an object). */
export function datasetHealth(
  ds: { extra?: unknown; health_check_message?: unknown } | null | undefined,
): DatasetHealth {
  const extra = objectOf(ds?.extra);
  const cert = objectOf(extra.certification);
  return {
    warningMarkdown: text(extra.warning_markdown),
    certifiedBy: text(cert.certified_by),
    certificationDetails: text(cert.details),
    healthCheckMessage: text(ds?.health_check_message),
  };
}
