/**
 * The dashboard's json_metadata as the page uses it: parsed safely (a corrupt value stored by an
 * older version opens with defaults and a reported problem), with Superset's defaults.
 */
export interface DashboardMetadata {
  color_scheme?: string;
  color_namespace?: string;
  label_colors: Record<string, string>;
  shared_label_colors: Record<string, string>;
  expanded_slices: Record<string, boolean>;
  refresh_frequency: number;
  timed_refresh_immune_slices: number[];
  stagger_refresh: boolean;
  stagger_time: number;
  cross_filters_enabled: boolean;
  native_filter_configuration: unknown[];
  chart_configuration: Record<string, unknown>;
  /** Everything else, kept as stored. */
  [key: string]: unknown;
}

/** Spec 000 §9: the refresh stagger is at least 5000 ms. */
export const MIN_STAGGER_MS = 5000;

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

function stringMap(v: unknown): Record<string, string> {
  if (!isObject(v)) return {};
  return Object.fromEntries(
    Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

export function parseMetadata(raw: unknown): { metadata: DashboardMetadata; problems: string[] } {
  const problems: string[] = [];
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = raw.trim() ? JSON.parse(raw) : {};
    } catch {
      problems.push('The dashboard metadata is not valid JSON: defaults are used.');
      value = {};
    }
  }
  if (!isObject(value)) {
    if (value !== null && value !== undefined)
      problems.push('The dashboard metadata is not a JSON object: defaults are used.');
    value = {};
  }
  const m = value as Record<string, unknown>;
  // Superset stores shared label colours as a list of labels or as a map.
  const shared = Array.isArray(m.shared_label_colors) ? {} : stringMap(m.shared_label_colors);
  const refresh = Number(m.refresh_frequency ?? 0);
  const stagger = m.stagger_refresh;
  return {
    problems,
    metadata: {
      ...m,
      ...(typeof m.color_scheme === 'string' && m.color_scheme
        ? { color_scheme: m.color_scheme }
        : {}),
      label_colors: stringMap(m.label_colors),
      shared_label_colors: shared,
      expanded_slices: isObject(m.expanded_slices)
        ? Object.fromEntries(Object.entries(m.expanded_slices).map(([k, v]) => [k, v === true]))
        : {},
      refresh_frequency: Number.isFinite(refresh) && refresh > 0 ? refresh : 0,
      timed_refresh_immune_slices: Array.isArray(m.timed_refresh_immune_slices)
        ? m.timed_refresh_immune_slices.filter((x): x is number => typeof x === 'number')
        : [],
      stagger_refresh: stagger === undefined ? true : stagger === true || stagger === 'true',
      stagger_time: Number.isFinite(Number(m.stagger_time))
        ? Number(m.stagger_time)
        : MIN_STAGGER_MS,
      cross_filters_enabled: m.cross_filters_enabled !== false,
      native_filter_configuration: Array.isArray(m.native_filter_configuration)
        ? m.native_filter_configuration
        : [],
      chart_configuration: isObject(m.chart_configuration) ? m.chart_configuration : {},
    },
  };
}

/**
 * When each chart is refreshed on a periodic refresh (Superset's rule): all at once, or spread
 * over max(interval, stagger_time or 5 s) when stagger_refresh is on.
 */
export function refreshDelays(
  chartIds: readonly number[],
  intervalMs: number,
  meta: DashboardMetadata,
): Map<number, number> {
  const delays = new Map<number, number>();
  const span = Math.max(intervalMs, meta.stagger_time || MIN_STAGGER_MS);
  const step = meta.stagger_refresh && chartIds.length > 1 ? span / (chartIds.length - 1) : 0;
  chartIds.forEach((id, i) => delays.set(id, Math.round(step * i)));
  return delays;
}

/** The charts a periodic refresh touches (not the immune ones). */
export function chartsToAutoRefresh(
  chartIds: readonly number[],
  meta: DashboardMetadata,
): number[] {
  const immune = new Set(meta.timed_refresh_immune_slices);
  return chartIds.filter((id) => !immune.has(id));
}
