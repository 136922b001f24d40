/**
 * The control panel contract: a chart type describes its controls as data (sections of rows
 * of controls); Explore renders them by `type` and keeps their values in the form data.
 */
import type { EngineInformation, QueryFormData } from '@strata/core';

/** The kinds of control Explore knows how to render (spec 001 §2 "Other explore controls"). */
export type ControlType =
  | 'MetricsControl'
  | 'AdhocFilterControl'
  | 'ColumnSelectControl'
  | 'SelectControl'
  | 'CheckboxControl'
  | 'TextControl'
  | 'TextAreaControl'
  | 'SliderControl'
  | 'RadioButtonControl'
  | 'ColorPickerControl'
  | 'ColorSchemeControl'
  | 'DateFilterControl'
  | 'AnnotationLayerControl'
  | 'ConditionalFormattingControl'
  | 'BoundsControl'
  | 'ViewportControl'
  | 'SpatialControl'
  | 'TimeSeriesColumnControl'
  | 'ColumnConfigControl'
  | 'FilterBoxItemControl'
  | 'FixedOrMetricControl'
  | 'CollectionControl'
  | 'XAxisSortControl'
  | 'SelectAsyncControl'
  | 'HiddenControl';

/** A column of the dataset as Explore receives it (`/api/v1/explore/` dataset payload). */
export interface DatasourceColumn {
  column_name: string;
  verbose_name?: string | null;
  type?: string | null;
  type_generic?: number | null;
  is_dttm?: boolean;
  filterable?: boolean;
  groupby?: boolean;
  expression?: string | null;
  description?: string | null;
  python_date_format?: string | null;
  /** Superset's advanced data type (`internet_address`, `port`), for the filter editor. */
  advanced_data_type?: string | null;
}

/** A saved metric of the dataset. */
export interface DatasourceMetric {
  metric_name: string;
  verbose_name?: string | null;
  expression?: string;
  d3format?: string | null;
  description?: string | null;
  warning_text?: string | null;
  currency?: { symbol: string; symbolPosition: string } | null;
}

/** What controls and charts need of the dataset. */
export interface ExploreDatasource {
  id: number;
  type: string;
  name?: string;
  columns: DatasourceColumn[];
  metrics: DatasourceMetric[];
  main_dttm_col?: string | null;
  /** The engine's time grains as [duration, name]. */
  time_grain_sqla?: Array<[string, string]>;
  verbose_map?: Record<string, string>;
  extra?: Record<string, unknown> | string | null;
  /** Whether the filter editors suggest the columns' values (the dataset's filter_select). */
  filter_select?: boolean;
  /** The dataset's database: what its engine lets the filter editor offer. */
  database?: { id: number; backend?: string; engine_information?: EngineInformation } | null;
}

/** One control's current state, as the control panel holds it. */
export interface ControlState<V = unknown> {
  name: string;
  type: ControlType;
  value: V;
  default?: V;
  label: string;
  description?: string;
  validationErrors: string[];
  visible: boolean;
  renderTrigger: boolean;
  /** Props the control component gets (type-specific: choices, multi, min, max, …). */
  props: Record<string, unknown>;
}

/** What visibility rules, defaults and mapStateToProps may read. */
export interface ControlPanelState {
  form_data: QueryFormData;
  datasource: ExploreDatasource | null;
  controls: Record<string, Pick<ControlState, 'value'>>;
}

/** A validator: null when the value is fine, else the message (without the label). */
export type Validator = (value: unknown, state?: ControlPanelState) => string | null;

/** One control's definition. Type-specific settings go in `props`. */
export interface ControlConfig<V = unknown> {
  type: ControlType;
  label: string | ((state: ControlPanelState) => string);
  description?: string;
  default?: V | ((state: ControlPanelState) => V);
  /** Changing it re-renders the chart from the same data instead of running a new query. */
  renderTrigger?: boolean;
  validators?: Validator[];
  /** Shown unless this says no; a hidden control is reset to its default (unless resetOnHide is false). */
  visibility?: (state: ControlPanelState) => boolean;
  resetOnHide?: boolean;
  /** Debounce of value changes, ms (spec: 250 default, 50–500). */
  debounceDelay?: number;
  /** Type-specific props: choices, multi, freeForm, clearable, min, max, step, isInt, isFloat, … */
  props?: Record<string, unknown>;
  /** Props computed from the panel state (e.g. the dataset's columns as choices). */
  mapStateToProps?: (state: ControlPanelState) => Record<string, unknown>;
}

/** A control in a row: a shared control by name, or a named definition, or an empty cell. */
export type ControlSetItem =
  | string
  | { name: string; config: ControlConfig; override?: never }
  | { name: string; override: Partial<ControlConfig>; config?: never }
  | null;

export type ControlSetRow = ControlSetItem[];

export interface ControlPanelSection {
  label: string;
  description?: string;
  expanded?: boolean;
  /** Which tab shows the section; otherwise Data, or Customize when every control is a render trigger. */
  tabOverride?: 'data' | 'customize';
  /** Shown unless this says no. */
  visibility?: (state: ControlPanelState) => boolean;
  controlSetRows: ControlSetRow[];
}

export interface ControlPanelConfig {
  controlPanelSections: ControlPanelSection[];
  /** Changes to shared controls for this chart type (labels, defaults, validators). */
  controlOverrides?: Record<string, Partial<ControlConfig>>;
  /** Adjusts form data carried over from another chart type. */
  formDataOverrides?: (formData: QueryFormData) => QueryFormData;
}
