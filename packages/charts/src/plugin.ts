/**
 * The chart plugin contract: a chart type is data (`metadata`, `controlPanel`) plus pure
 * functions (`buildQuery`, `transformProps`); its React component is registered separately
 * (`components.ts`) so the server can use the pure part without React.
 */
import type { QueryFormData, QueryObject, QueryResultType } from '@strata/core';
import type { ControlPanelConfig, ExploreDatasource } from './control-panel/types.js';

export type ChartBehavior = 'INTERACTIVE_CHART' | 'NATIVE_FILTER' | 'DRILL_TO_DETAIL' | 'DRILL_BY';

/** Chart plugin metadata (spec 001 §3). */
export interface ChartMetadata {
  name: string;
  description?: string;
  category?: string;
  tags: string[];
  /** The gallery thumbnail: an SVG document drawn for this chart type. */
  thumbnail?: string;
  label?: 'DEPRECATED' | 'FEATURED' | 'BETA' | 'VERIFIED' | null;
  labelExplanation?: string;
  deprecated?: boolean;
  behaviors?: ChartBehavior[];
  /**
   * With `DRILL_BY`: the form data field "Drill by" replaces with the chosen column (Superset's
   * `drillBy.groupbyFieldName`); `groupby` when absent. An array field gets `[column]`, a
   * single-column field the column itself.
   */
  drillByField?: string;
  exampleGallery?: Array<{ url: string; caption?: string }>;
  /** The chart does not query the chart data API (e.g. a markdown-like chart). */
  noQuery?: boolean;
  /** The chart draws itself even when its queries return no rows (a filter box). */
  drawsEmptyResults?: boolean;
}

/** The body of `POST /api/v1/chart/data`. */
export interface QueryContext {
  datasource: { id: number; type: string };
  force: boolean;
  queries: QueryObject[];
  form_data: QueryFormData;
  result_format: 'json' | 'csv' | 'xlsx';
  result_type: QueryResultType;
}

/** One entry of the chart data answer's `result`. */
export interface ChartDataResult {
  data: Array<Record<string, unknown>>;
  colnames: string[];
  coltypes: number[];
  rowcount: number;
  sql_rowcount?: number;
  query?: string;
  is_cached?: boolean;
  cached_dttm?: string | null;
  cache_key?: string;
  applied_filters?: Array<{ column: string }>;
  rejected_filters?: Array<{ column: string; reason: string }>;
  annotation_data?: Record<string, unknown>;
  label_map?: Record<string, string[]>;
  from_dttm?: number | null;
  to_dttm?: number | null;
  error?: string | null;
}

/** A data mask a chart sets (cross filters) or receives. */
export interface DataMask {
  extraFormData?: Record<string, unknown>;
  filterState?: Record<string, unknown>;
  ownState?: Record<string, unknown>;
}

/**
 * One dimension value of a clicked data point (Superset's `BinaryQueryObjectFilterClause`): an
 * equality on a dataset column, `formattedVal` as the chart shows it; a temporal value carries
 * the chart's time grain (the server compares the column truncated to it: the whole period).
 */
export interface DrillFilter {
  col: string;
  op: '==';
  val: string | number | boolean | null;
  grain?: string;
  formattedVal: string;
}

/**
 * What a right-clicked point tells "Drill by" beyond its drill filters (Superset's `drillBy`
 * context menu filters): a chart whose points belong to different groupings (a pivot table's
 * row or column headers, a mixed chart's query A or B) names the grouping of the point.
 */
export interface DrillContext {
  /** The form data field "Drill by" replaces for this point (the plugin's `drillByField` when absent). */
  drillByField?: string;
  /** The adhoc filter field the point's values go to (`adhoc_filters` when absent). */
  adhocFilterField?: string;
  /** The filters "Drill by" keeps (the drill filters when absent). */
  drillByFilters?: DrillFilter[];
}

export interface ChartHooks {
  /** Emits a cross filter (or clears it with an empty mask). */
  setDataMask?: (mask: DataMask) => void;
  /** Sets a control's value from the chart (e.g. a table's page or sort). */
  setControlValue?: (name: string, value: unknown) => void;
  /**
   * A right click on a data point (Superset's `onContextMenu`): where it happened and the
   * point's drill filters (its dimension values; none for a click outside any point). The page
   * offers "Drill to detail" / "Drill to detail by {value}", and "Drill by" with the point's
   * grouping when `context` names one.
   */
  onContextMenu?: (
    clientX: number,
    clientY: number,
    filters: DrillFilter[],
    context?: DrillContext,
  ) => void;
  /** Posts a query context to the chart data API (a filter box searching its choices). */
  postChartData?: (context: QueryContext) => Promise<ChartDataResult[]>;
  /**
   * A saved chart the user may read (`GET /api/v1/chart/{id}`): deck.gl Multiple Layers reading
   * the charts it layers.
   */
  getSavedChart?: (id: number, signal?: AbortSignal) => Promise<SavedChart>;
}

/** What a chart reads of another saved chart: its name and form data. */
export interface SavedChart {
  id: number;
  slice_name: string | null;
  form_data: QueryFormData;
}

/** What `transformProps` gets: the chart's size, form data, data and dataset. */
export interface ChartProps<FD extends QueryFormData = QueryFormData> {
  width: number;
  height: number;
  formData: FD;
  queriesData: ChartDataResult[];
  datasource: ExploreDatasource;
  hooks?: ChartHooks;
  filterState?: Record<string, unknown>;
  ownState?: Record<string, unknown>;
  /** The dashboard's label colours (label → colour), shared across charts. */
  labelColors?: Record<string, string>;
  /** Whether the chart is shown in a dashboard (cross filters possible). */
  inContextMenu?: boolean;
  emitCrossFilters?: boolean;
}

export interface BuildQueryOptions {
  ownState?: Record<string, unknown>;
  /** Extra query-context fields (force, result_format, result_type). */
  force?: boolean;
  resultFormat?: QueryContext['result_format'];
  resultType?: QueryResultType;
}

export interface ChartPlugin<FD extends QueryFormData = QueryFormData, Props = unknown> {
  vizType: string;
  metadata: ChartMetadata;
  controlPanel: ControlPanelConfig;
  buildQuery(formData: FD, options?: BuildQueryOptions): QueryContext;
  transformProps(chartProps: ChartProps<FD>): Props;
}

/** Chart plugins by viz_type. */
export class ChartRegistry {
  private readonly plugins = new Map<string, ChartPlugin>();

  register<FD extends QueryFormData, P>(plugin: ChartPlugin<FD, P>): void {
    if (!/^[a-z0-9_]+$/.test(plugin.vizType)) {
      throw new Error(`Invalid viz_type "${plugin.vizType}": lowercase letters, digits and _ only`);
    }
    if (this.plugins.has(plugin.vizType))
      throw new Error(`Chart type ${plugin.vizType} is registered twice`);
    this.plugins.set(plugin.vizType, plugin as unknown as ChartPlugin);
  }

  get(vizType: string): ChartPlugin | undefined {
    return this.plugins.get(vizType);
  }

  has(vizType: string): boolean {
    return this.plugins.has(vizType);
  }

  /** Registered chart types, ordered by name. */
  list(): ChartPlugin[] {
    return [...this.plugins.values()].sort((a, b) =>
      a.metadata.name.localeCompare(b.metadata.name),
    );
  }
}
