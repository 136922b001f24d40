/** The payloads of Superset's chart timing events (`load_chart`, `render_chart`). */

interface ChartRef {
  slice_id?: number | null;
  viz_type?: string | null;
}

interface LoadedQuery {
  rowcount?: number;
  is_cached?: boolean;
}

/** A chart's positive id, or 0 for an unsaved chart (Superset logs `slice_id: 0` then). */
function sliceIdOf(chart: ChartRef): number {
  const id = chart.slice_id;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : 0;
}

/** `load_chart`: the chart's query took `duration` ms from `startOffset` (ms since page start). */
export function loadChartPayload(
  chart: ChartRef,
  timing: { startOffset: number; duration: number; force?: boolean },
  outcome: { results: readonly LoadedQuery[] } | { error: string },
): Record<string, unknown> {
  const base = {
    slice_id: sliceIdOf(chart),
    viz_type: chart.viz_type ?? null,
    start_offset: Math.round(timing.startOffset),
    duration: Math.round(timing.duration),
    force_refresh: timing.force === true,
  };
  if ('error' in outcome) return { ...base, has_err: true, error_details: outcome.error };
  return {
    ...base,
    has_err: false,
    is_cached: outcome.results.length > 0 && outcome.results.every((r) => r.is_cached === true),
    row_count: outcome.results.reduce((n, r) => n + (r.rowcount ?? 0), 0),
  };
}

/** `render_chart`: drawing the chart took `duration` ms; `error` when it failed. */
export function renderChartPayload(
  chart: ChartRef,
  timing: { startOffset: number; duration: number },
  error: string | null,
): Record<string, unknown> {
  return {
    slice_id: sliceIdOf(chart),
    viz_type: chart.viz_type ?? null,
    start_offset: Math.round(timing.startOffset),
    duration: Math.round(timing.duration),
    has_err: error !== null,
    ...(error !== null ? { error_details: error } : {}),
  };
}
