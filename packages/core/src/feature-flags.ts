/**
 * Feature flags (spec 001 §6): the names the product knows, their defaults (Superset's where it
 * has the flag), and the one reading rule — a flag missing from the map is off, and the reader
 * is told ("Failed to query feature flag").
 */
import { ADVANCED_DATA_TYPES_FLAG } from './advanced-data-types.js';
import { DYNAMIC_PLUGINS_FLAG } from './dynamic-plugins.js';
import { THUMBNAILS_FLAG } from './thumbnails-api.js';

export const FEATURE_FLAGS = {
  /** Columns and metrics dragged from the dataset pane onto Explore's controls. */
  ENABLE_EXPLORE_DRAG_AND_DROP: 'ENABLE_EXPLORE_DRAG_AND_DROP',
  /**
   * Any column on the x-axis of the time-series charts, and the TEMPORAL_RANGE filter
   * ("temporal range filters"); off, those charts are drawn over their time column.
   */
  GENERIC_CHART_AXES: 'GENERIC_CHART_AXES',
  DYNAMIC_PLUGINS: DYNAMIC_PLUGINS_FLAG,
  DASHBOARD_CROSS_FILTERS: 'DASHBOARD_CROSS_FILTERS',
  DASHBOARD_NATIVE_FILTERS: 'DASHBOARD_NATIVE_FILTERS',
  ESCAPE_MARKDOWN_HTML: 'ESCAPE_MARKDOWN_HTML',
  /** Superset's spelling. Categorical schemes run out into analogous shades, not repeats. */
  USE_ANALAGOUS_COLORS: 'USE_ANALAGOUS_COLORS',
  DISABLE_LEGACY_DATASOURCE_EDITOR: 'DISABLE_LEGACY_DATASOURCE_EDITOR',
  ENABLE_ADVANCED_DATA_TYPES: ADVANCED_DATA_TYPES_FLAG,
  GLOBAL_ASYNC_QUERIES: 'GLOBAL_ASYNC_QUERIES',
  SQLLAB_BACKEND_PERSISTENCE: 'SQLLAB_BACKEND_PERSISTENCE',
  DASHBOARD_RBAC: 'DASHBOARD_RBAC',
  ENABLE_TEMPLATE_PROCESSING: 'ENABLE_TEMPLATE_PROCESSING',
  CONFIRM_DASHBOARD_DIFF: 'CONFIRM_DASHBOARD_DIFF',
  TAGGING_SYSTEM: 'TAGGING_SYSTEM',
  /**
   * Pictures of charts and dashboards in the lists' card views, made in the background by the
   * worker's headless browser (`thumbnail_url`, `/api/v1/{chart|dashboard}/{id}/thumbnail/…`).
   */
  THUMBNAILS: THUMBNAILS_FLAG,
} as const;

export type FeatureFlagName = (typeof FEATURE_FLAGS)[keyof typeof FEATURE_FLAGS];

/** Each known flag's value when the operator does not set it. */
export const DEFAULT_FEATURE_FLAGS: Readonly<Record<FeatureFlagName, boolean>> = {
  ENABLE_EXPLORE_DRAG_AND_DROP: true,
  GENERIC_CHART_AXES: true,
  DYNAMIC_PLUGINS: false,
  DASHBOARD_CROSS_FILTERS: true,
  DASHBOARD_NATIVE_FILTERS: true,
  ESCAPE_MARKDOWN_HTML: false,
  USE_ANALAGOUS_COLORS: false,
  DISABLE_LEGACY_DATASOURCE_EDITOR: true,
  ENABLE_ADVANCED_DATA_TYPES: false,
  GLOBAL_ASYNC_QUERIES: false,
  SQLLAB_BACKEND_PERSISTENCE: true,
  DASHBOARD_RBAC: false,
  ENABLE_TEMPLATE_PROCESSING: true,
  CONFIRM_DASHBOARD_DIFF: false,
  TAGGING_SYSTEM: false,
  THUMBNAILS: false,
};

/** The log line of a flag the map does not hold. */
export const featureFlagQueryFailed = (flag: string): string =>
  `Failed to query feature flag ${flag}`;

/**
 * Whether `flag` is on in `flags`. A flag the map does not hold (or a map that is missing) is
 * off, and `onMissing` hears about it once per call.
 */
export function isFeatureEnabled(
  flags: Readonly<Record<string, boolean>> | null | undefined,
  flag: string,
  onMissing: (message: string) => void = () => {},
): boolean {
  const value = flags?.[flag];
  if (typeof value !== 'boolean') {
    onMissing(featureFlagQueryFailed(flag));
    return false;
  }
  return value;
}
