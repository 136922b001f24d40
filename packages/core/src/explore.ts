/**
 * Explore's constants (spec 001 §9) and the form data shape every chart shares. Values are the
 * spec's; where the spec gives choices, they are listed in its order.
 */
import type { AdhocFilter, QueryMetric, QueryColumn } from './query/types.js';

/** Row limit choices and default. */
export const ROW_LIMIT_OPTIONS = [10, 50, 100, 250, 500, 1000, 5000, 10_000, 50_000] as const;
export const DEFAULT_EXPLORE_ROW_LIMIT = 10_000;
/** Row limit of the form data built by the Save or Overwrite Dataset dialog. */
export const DATASET_DIALOG_ROW_LIMIT = 1000;
/** Series limit choices. */
export const SERIES_LIMIT_OPTIONS = [5, 10, 25, 50, 100, 500] as const;
export const DEFAULT_TIME_RANGE = 'No filter';
export const DEFAULT_VIZ_TYPE = 'table';
export const DEFAULT_TIME_GRAIN = 'P1D';
/** Default fixed colour: r0 g122 b135 a1. */
export const DEFAULT_FIXED_COLOR = { r: 0, g: 122, b: 135, a: 1 } as const;
export const DEFAULT_CATEGORICAL_SCHEME = 'supersetColors';
export const DEFAULT_SEQUENTIAL_SCHEME = 'superset_seq_1';
/** Number formats: adaptive (SMART_NUMBER), original value, then d3 formats. */
export const NUMBER_FORMAT_OPTIONS: Array<[string, string]> = [
  ['SMART_NUMBER', 'Adaptive formatting'],
  ['~g', 'Original value'],
  [',d', ',d (12345.432 => 12,345)'],
  ['.1s', '.1s (12345.432 => 10k)'],
  ['.3s', '.3s (12345.432 => 12.3k)'],
  [',.1%', ',.1% (12345.432 => 1,234,543.2%)'],
  ['.2%', '.2% (12345.432 => 1234543.20%)'],
  ['.3%', '.3% (12345.432 => 1234543.200%)'],
  ['.4r', '.4r (12345.432 => 12350)'],
  [',.1f', ',.1f (12345.432 => 12,345.4)'],
  [',.2f', ',.2f (12345.432 => 12,345.43)'],
  [',.3f', ',.3f (12345.432 => 12,345.432)'],
  ['+,', '+, (12345.432 => +12,345.432)'],
  ['$,.2f', '$,.2f (12345.432 => $12,345.43)'],
  ['DURATION', 'Duration in ms (66000 => 1m 6s)'],
  ['DURATION_SUB', 'Duration in ms (1.40008 => 1ms 400µs 80ns)'],
];
export const DEFAULT_NUMBER_FORMAT = 'SMART_NUMBER';
/** Time formats: adaptive (smart_date), then strftime patterns. */
export const TIME_FORMAT_OPTIONS: Array<[string, string]> = [
  ['smart_date', 'Adaptive formatting'],
  ['%d/%m/%Y', '%d/%m/%Y | 14/01/2019'],
  ['%m/%d/%Y', '%m/%d/%Y | 01/14/2019'],
  ['%Y-%m-%d', '%Y-%m-%d | 2019-01-14'],
  ['%Y-%m-%d %H:%M:%S', '%Y-%m-%d %H:%M:%S | 2019-01-14 01:32:10'],
  ['%d-%m-%Y %H:%M:%S', '%d-%m-%Y %H:%M:%S | 14-01-2019 01:32:10'],
  ['%H:%M:%S', '%H:%M:%S | 01:32:10'],
];
export const DEFAULT_TIME_FORMAT = 'smart_date';
/** Sort series by: name, sum, min, max, avg. */
export const SORT_SERIES_OPTIONS = ['name', 'sum', 'min', 'max', 'avg'] as const;
/** Rolling window functions (None first). */
export const ROLLING_TYPE_OPTIONS = ['None', 'mean', 'sum', 'std', 'cumsum'] as const;
/** Comparison types of time comparison. */
export const COMPARISON_TYPE_OPTIONS: Array<[string, string]> = [
  ['values', 'Actual values'],
  ['difference', 'Difference'],
  ['percentage', 'Percentage change'],
  ['ratio', 'Ratio'],
];
export const RESAMPLE_RULE_OPTIONS: Array<[string, string]> = [
  ['1T', '1 minutely frequency'],
  ['1H', '1 hourly frequency'],
  ['1D', '1 calendar day frequency'],
  ['7D', '7 calendar day frequency'],
  ['1M', '1 month end frequency'],
  ['1AS', '1 year start frequency'],
];
export const RESAMPLE_METHOD_OPTIONS: Array<[string, string]> = [
  ['asfreq', 'Null imputation'],
  ['bfill', 'Backward values'],
  ['ffill', 'Forward values'],
  ['median', 'Median values'],
  ['mean', 'Mean values'],
  ['sum', 'Sum values'],
];
/** Time shift presets of time comparison. */
export const TIME_SHIFT_OPTIONS = [
  '1 day ago',
  '1 week ago',
  '28 days ago',
  '30 days ago',
  '52 weeks ago',
  '1 year ago',
  '104 weeks ago',
  '2 years ago',
  '156 weeks ago',
  '3 years ago',
] as const;
/** Debounce delays of controls, in ms. */
export const CONTROL_DEBOUNCE_MS = {
  default: 250,
  max: 500,
  bounds: 300,
  popoverResize: 50,
} as const;
/** Dataset names longer than this get a tooltip in the dataset control. */
export const DATASET_TITLE_TOOLTIP_LENGTH = 25;
/** The column config list shows 10 columns when there are more than 12. */
export const COLUMN_CONFIG_COLLAPSED_COUNT = 10;
export const COLUMN_CONFIG_COLLAPSE_ABOVE = 12;
/** Chart list page size (saved charts picker). */
export const CHART_LIST_PAGE_SIZE = 200;
/** Gallery search: Fuse threshold and field weights; tag ranking weights. */
export const GALLERY_SEARCH = { threshold: 0.3, weights: { name: 4, tags: 2, description: 1 } };
export const GALLERY_TAG_WEIGHTS = { deprecated: -0.1, featured: 0.1 } as const;

/** Form data of a chart (Superset's QueryFormData): the fields every chart type may carry. */
export interface QueryFormData {
  datasource: string;
  viz_type: string;
  slice_id?: number;
  cache_timeout?: number | null;
  url_params?: Record<string, string>;
  custom_params?: Record<string, unknown>;
  metrics?: QueryMetric[];
  metric?: QueryMetric;
  metric_2?: QueryMetric;
  secondary_metric?: QueryMetric;
  percent_metrics?: QueryMetric[];
  x?: QueryMetric;
  y?: QueryMetric;
  size?: QueryMetric;
  groupby?: QueryColumn[];
  columns?: QueryColumn[];
  all_columns?: QueryColumn[];
  series?: QueryColumn;
  entity?: QueryColumn;
  x_axis?: QueryColumn;
  granularity_sqla?: string;
  time_grain_sqla?: string;
  time_range?: string;
  row_limit?: number | string | null;
  row_offset?: number | string | null;
  order_desc?: boolean;
  limit?: number | string | null;
  series_limit?: number | string | null;
  series_limit_metric?: QueryMetric | null;
  timeseries_limit_metric?: QueryMetric | null;
  orderby?: Array<[QueryMetric | QueryColumn, boolean]>;
  order_by_cols?: string[];
  adhoc_filters?: AdhocFilter[];
  extra_filters?: Array<{ col: string; op: string; val: unknown }>;
  extra_form_data?: Record<string, unknown>;
  annotation_layers?: Array<Record<string, unknown>>;
  query_mode?: 'aggregate' | 'raw';
  include_time?: boolean;
  color_scheme?: string;
  linear_color_scheme?: string;
  y_axis_format?: string;
  x_axis_time_format?: string;
  truncate_metric?: boolean;
  show_empty_columns?: boolean;
  contribution?: boolean;
  contributionMode?: 'row' | 'column' | null;
  rolling_type?: string | null;
  rolling_periods?: number | string | null;
  min_periods?: number | string | null;
  time_compare?: string[];
  comparison_type?: string;
  resample_rule?: string | null;
  resample_method?: string | null;
  column_config?: Record<string, Record<string, unknown>>;
  /** Plugin-specific fields. */
  [key: string]: unknown;
}

/**
 * A database's `engine_information` (Superset's, sent with databases and with a datasource's
 * `database`), plus what Explore's filter editor asks of the engine.
 */
export interface EngineInformation {
  supports_file_upload: boolean;
  disable_ssh_tunneling: boolean;
  /** The REGEX filter operator compiles on this engine. */
  supports_regex: boolean;
  /** A LATEST PARTITION filter compiles on this engine (Superset: Presto/Hive partitions). */
  supports_latest_partition: boolean;
}
