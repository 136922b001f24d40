/**
 * The app's wiring of the dynamic plugin loader: the real list call, `import()` of the bundle
 * URL (resolved against the page, so a path is on this server), and registration in the chart
 * registry and the component table. A bundle gets the app's React through the host object.
 */
import * as React from 'react';
import type { DynamicPluginReadAnswer } from '@strata/core';
import { buildQueryContext, chartRegistry, resolveDynamicPlugin } from '@strata/charts';
import { registerChartComponent } from '@strata/charts/components';
import { api } from '../../app/api';
import { loadDynamicPlugins } from './loadDynamicPlugins';
import { dynamicPluginStore } from './pluginState';

export const DYNAMIC_PLUGINS_READ_URL = '/dynamic-plugins/api/read';

function register(key: string, moduleNamespace: unknown): void {
  if (chartRegistry.has(key)) throw new Error(`chart type ${key} already exists`);
  const { plugin, Chart } = resolveDynamicPlugin(moduleNamespace, key, {
    React,
    buildQueryContext,
  });
  // The component's type was checked by resolveDynamicPlugin (a function or a React object).
  registerChartComponent(key, Chart as React.ComponentType<unknown>);
  chartRegistry.register(plugin);
}

/** Loads the registered plugins once; resolves when each has loaded or failed. */
export function startDynamicPlugins(): Promise<void> {
  return loadDynamicPlugins({
    fetchList: async () =>
      (await api.get<DynamicPluginReadAnswer>(DYNAMIC_PLUGINS_READ_URL)).result ?? [],
    importModule: (url) => import(/* @vite-ignore */ new URL(url, window.location.href).href),
    register,
    dispatch: dynamicPluginStore.dispatch,
    logError: (message) => console.error(message),
  });
}
