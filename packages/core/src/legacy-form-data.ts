/**
 * Form data of Superset's older (NVD3) time-series charts read as Superset 4/5 read them after
 * their migrations (superset/migrations/shared/migrate_viz: the bar, dist_bar, area and line
 * processors): `bar_stacked` → `stack`, `stacked_style` → `stack` ("Expand", …),
 * `contribution` → `contributionMode: 'row'`, a distribution bar's first `groupby` → `x_axis`
 * (its other dimensions and `columns` → `groupby`), otherwise the time column → `x_axis` with
 * the time range as a TEMPORAL_RANGE filter, and the NVD3 option names renamed.
 *
 * It applies to the legacy viz types (`bar`, `dist_bar`, `area`, `line`) and to charts whose
 * viz type was already renamed to the ECharts one while their form data kept the legacy keys
 * (Superset's example dashboards ship such charts): no `x_axis` and at least one key only the
 * NVD3 charts had. Anything else is given back unchanged (the same object).
 */

type FormData = Record<string, unknown>;

export interface LegacyChart {
  vizType: string;
  params: FormData;
}

/** Keys only the NVD3 time-series charts had. */
const NVD3_ONLY_KEYS = [
  'bar_stacked',
  'stacked_style',
  'line_interpolation',
  'show_brush',
  'reduce_x_ticks',
  'show_bar_value',
  'bottom_margin',
  'left_margin',
  'x_ticks_layout',
  'show_controls',
  'x_axis_showminmax',
] as const;

const RENAMES: Record<string, string> = {
  bottom_margin: 'x_axis_title_margin',
  left_margin: 'y_axis_title_margin',
  show_controls: 'show_extra_controls',
  x_axis_label: 'x_axis_title',
  x_axis_format: 'x_axis_time_format',
  x_axis_showminmax: 'truncateXAxis',
  x_ticks_layout: 'xAxisLabelRotation',
  y_axis_label: 'y_axis_title',
  y_axis_showminmax: 'truncateYAxis',
  y_log_scale: 'logAxis',
};

const REMOVED = new Set([
  'contribution',
  'line_interpolation',
  'reduce_x_ticks',
  'show_brush',
  'show_markers',
]);

const STACKED_STYLES: Record<string, string> = {
  expand: 'Expand',
  stack: 'Stack',
  stream: 'Stream',
};

type Kind = 'bar' | 'dist_bar' | 'area' | 'line';

/** Which legacy chart the form data is, or null when it is not one. */
export function legacyTimeseriesKind(vizType: string, params: FormData): Kind | null {
  if (vizType === 'bar' || vizType === 'dist_bar' || vizType === 'area' || vizType === 'line')
    return vizType;
  const renamed =
    vizType === 'echarts_timeseries_bar' ||
    vizType === 'echarts_area' ||
    vizType === 'echarts_timeseries_line';
  if (!renamed) return null;
  const x = params.x_axis;
  if (x !== undefined && x !== null && !(Array.isArray(x) && x.length === 0)) return null;
  if (!NVD3_ONLY_KEYS.some((k) => k in params)) return null;
  if (vizType === 'echarts_area') return 'area';
  if (vizType === 'echarts_timeseries_line') return 'line';
  // A distribution bar chart had `columns` (its series) beside `groupby` (its categories).
  const fields = params.queryFields as Record<string, unknown> | undefined;
  return Array.isArray(params.columns) || (fields && 'columns' in fields) ? 'dist_bar' : 'bar';
}

const asList = (v: unknown): unknown[] =>
  Array.isArray(v) ? v : v === null || v === undefined ? [] : [v];

/** The chart's viz type and form data as Superset's migrations leave them. */
export function migrateLegacyChart(vizType: string, params: FormData): LegacyChart {
  const kind = legacyTimeseriesKind(vizType, params);
  if (!kind) return { vizType, params };
  const data: FormData = { ...params };
  let target: string =
    kind === 'area'
      ? 'echarts_area'
      : kind === 'line'
        ? 'echarts_timeseries_line'
        : 'echarts_timeseries_bar';
  // Kept for a chart already renamed (a smooth or step line stays what it is).
  if (vizType.startsWith('echarts_')) target = vizType;

  // What every time-series migration does first.
  data.contributionMode = data.contribution ? 'row' : null;
  data.zoomable = data.show_brush === 'yes';
  data.markerEnabled = data.show_markers ?? false;
  data.y_axis_showminmax = true;
  if (data.x_axis_label && (!data.bottom_margin || data.bottom_margin === 'auto'))
    data.bottom_margin = 30;
  if (data.y_axis_label && (!data.left_margin || data.left_margin === 'auto'))
    data.left_margin = 30;
  if (data.time_compare)
    data.time_compare = asList(data.time_compare)
      .filter((v) => typeof v === 'string' && v)
      .map((v) => (String(v).endsWith(' ago') ? v : `${String(v)} ago`));
  const comparison = (data.comparison_type as string | undefined) || 'values';
  data.comparison_type = comparison === 'absolute' ? 'difference' : comparison;
  if (data.x_ticks_layout) data.x_ticks_layout = data.x_ticks_layout === '45°' ? 45 : 0;

  const removed = new Set(REMOVED);
  const renames = { ...RENAMES };
  let hasXAxisControl = true;
  if (kind === 'line') {
    if (!vizType.startsWith('echarts_')) {
      if (data.line_interpolation === 'cardinal') target = 'echarts_timeseries_smooth';
      else if (data.line_interpolation === 'step-before') {
        target = 'echarts_timeseries_step';
        data.seriesType = 'start';
      } else if (data.line_interpolation === 'step-after') {
        target = 'echarts_timeseries_step';
        data.seriesType = 'end';
      }
    }
  } else if (kind === 'area') {
    removed.add('stacked_style');
    data.stack = STACKED_STYLES[(data.stacked_style as string) || 'stack'] ?? null;
    data.opacity = 0.7;
  } else {
    renames.show_bar_value = 'show_value';
    removed.add('bar_stacked');
    data.stack = data.bar_stacked ? 'Stack' : null;
    if (kind === 'dist_bar') {
      hasXAxisControl = false;
      const groupby = asList(data.groupby);
      const columns = asList(data.columns);
      if (groupby.length > 0) data.x_axis = groupby[0];
      data.groupby = [...groupby.slice(1), ...columns];
      removed.add('columns');
      data.x_ticks_layout = 45;
    }
  }

  // Renames (a key the target already has gives way to the renamed one), removals.
  for (const [from, to] of Object.entries(renames)) if (from in data && to in data) delete data[to];
  const out: FormData = {};
  for (const [key, value] of Object.entries(data)) {
    if (key in renames) out[renames[key]!] = value;
    else if (!removed.has(key)) out[key] = value;
  }
  if ('viz_type' in out) out.viz_type = target;

  // The time column becomes the x axis (not for a distribution bar) and the time range a
  // TEMPORAL_RANGE filter on it.
  const time = out.granularity_sqla;
  const range = out.time_range;
  delete out.granularity_sqla;
  delete out.time_range;
  if (time) {
    if (hasXAxisControl) {
      out.x_axis = time;
      out.time_grain_sqla = out.time_grain_sqla || 'P1D';
    }
    const filter: FormData =
      typeof time === 'object'
        ? {
            clause: 'WHERE',
            subject: (time as FormData).label,
            operator: 'TEMPORAL_RANGE',
            comparator: null,
            expressionType: 'SQL',
            sqlExpression: (time as FormData).sqlExpression,
          }
        : {
            clause: 'WHERE',
            subject: time,
            operator: 'TEMPORAL_RANGE',
            comparator: range || 'No filter',
            expressionType: 'SIMPLE',
          };
    out.adhoc_filters = [...asList(out.adhoc_filters), filter];
  } else if (range !== undefined) {
    out.time_range = range;
  }
  return { vizType: target, params: out };
}
