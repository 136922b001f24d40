/**
 * Dynamic chart plugins (issue 19): a chart type whose code is an ES module the browser loads
 * from a registered URL (`/dynamic-plugins/api/read`). This module turns what such a module
 * exports into a `ChartPlugin` and its component, checking the shape first, so a bad bundle
 * fails with a clear message (logged by the loader) instead of breaking the app. Pure: the
 * host's React is passed in, never imported here.
 *
 * The contract (see the README): the module's default export is a definition or a function
 * `(host) => definition`; `host` gives `React` (the app's own copy: a bundle must not bring
 * its own) and `buildQueryContext`. A definition is `{metadata, Chart, controlPanel?,
 * buildQuery?, transformProps?}`; the chart is registered under the plugin's key as its
 * `viz_type`, whatever the module says.
 */
import type { QueryFormData } from '@strata/core';
import type { ControlPanelConfig } from './control-panel/types.js';
import type {
  BuildQueryOptions,
  ChartMetadata,
  ChartPlugin,
  ChartProps,
  QueryContext,
} from './plugin.js';
import { buildQueryContext } from './query/build-query-context.js';

/** What a dynamic plugin's factory receives from the app. */
export interface DynamicPluginHost<R = unknown> {
  /** The app's React: components are made with it (`React.createElement`, hooks). */
  React: R;
  buildQueryContext: typeof buildQueryContext;
}

/** What a dynamic plugin's module describes. */
export interface DynamicChartDefinition {
  metadata: ChartMetadata;
  /** The React component; it gets `transformProps`' output. */
  Chart: unknown;
  controlPanel?: ControlPanelConfig;
  buildQuery?: (formData: QueryFormData, options?: BuildQueryOptions) => QueryContext;
  transformProps?: (chartProps: ChartProps) => unknown;
}

/** The props a dynamic chart gets when its module has no `transformProps`. */
export interface DefaultDynamicChartProps {
  width: number;
  height: number;
  formData: QueryFormData;
  data: Array<Record<string, unknown>>;
  colnames: string[];
}

/** When the module gives no control panel: metrics, dimensions, filters and a row limit. */
export const DEFAULT_DYNAMIC_CONTROL_PANEL: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [['metrics'], ['groupby'], ['adhoc_filters'], ['row_limit']],
    },
  ],
};

function defaultTransformProps(chartProps: ChartProps): DefaultDynamicChartProps {
  const first = chartProps.queriesData[0];
  return {
    width: chartProps.width,
    height: chartProps.height,
    formData: chartProps.formData,
    data: first?.data ?? [],
    colnames: first?.colnames ?? [],
  };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A component is a function or a React object component (memo, forwardRef). */
const isComponent = (v: unknown) => typeof v === 'function' || (isObject(v) && '$$typeof' in v);

/**
 * The plugin and component a loaded module defines, registered as `key`; throws an Error naming
 * what is wrong with the module.
 */
export function resolveDynamicPlugin(
  moduleNamespace: unknown,
  key: string,
  host: DynamicPluginHost,
): { plugin: ChartPlugin; Chart: unknown } {
  if (!isObject(moduleNamespace) || !('default' in moduleNamespace)) {
    throw new Error(`Dynamic plugin ${key}: the module has no default export`);
  }
  const exported = moduleNamespace.default;
  const definition: unknown = typeof exported === 'function' ? exported(host) : exported;
  if (!isObject(definition)) {
    throw new Error(`Dynamic plugin ${key}: the default export is not a chart definition`);
  }
  const metadata = definition.metadata;
  if (!isObject(metadata) || typeof metadata.name !== 'string' || metadata.name.trim() === '') {
    throw new Error(`Dynamic plugin ${key}: metadata.name is missing`);
  }
  if (!isComponent(definition.Chart)) {
    throw new Error(`Dynamic plugin ${key}: Chart is not a React component`);
  }
  for (const fn of ['buildQuery', 'transformProps'] as const) {
    if (definition[fn] !== undefined && typeof definition[fn] !== 'function') {
      throw new Error(`Dynamic plugin ${key}: ${fn} is not a function`);
    }
  }
  const controlPanel = definition.controlPanel;
  if (
    controlPanel !== undefined &&
    !(isObject(controlPanel) && Array.isArray(controlPanel.controlPanelSections))
  ) {
    throw new Error(`Dynamic plugin ${key}: controlPanel has no controlPanelSections`);
  }
  const def = definition as unknown as DynamicChartDefinition;
  const tags = Array.isArray(metadata.tags)
    ? metadata.tags.filter((t): t is string => typeof t === 'string')
    : [];
  const plugin: ChartPlugin = {
    vizType: key,
    metadata: { ...(def.metadata as ChartMetadata), tags },
    controlPanel: def.controlPanel ?? DEFAULT_DYNAMIC_CONTROL_PANEL,
    buildQuery:
      def.buildQuery ?? ((formData, options) => buildQueryContext(formData, undefined, options)),
    transformProps: def.transformProps ?? defaultTransformProps,
  };
  return { plugin, Chart: def.Chart };
}
