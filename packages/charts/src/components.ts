/**
 * The React component of each chart type, loaded on demand (the web app's chart renderer uses
 * this; the server never imports it). Each component takes its plugin's transformProps output.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// Each chart's props differ; the renderer passes transformProps' output through unchanged.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyChart = ComponentType<any>;

export const chartComponents: Record<string, LazyExoticComponent<AnyChart>> = {
  big_number_total: lazy(() => import('./plugins/big_number_total/BigNumberTotal.js')),
  table: lazy(() => import('./plugins/table/TableChart.js')),
};
