/**
 * Every chart type, registered once: adding a chart type is its folder and one line here (and
 * one in `../components.ts`).
 */
import { ChartRegistry } from '../plugin.js';
import { bigNumberTotalPlugin } from './big_number_total/index.js';
import { tablePlugin } from './table/index.js';

export const chartRegistry = new ChartRegistry();
chartRegistry.register(bigNumberTotalPlugin);
chartRegistry.register(tablePlugin);
