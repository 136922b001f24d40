/**
 * What the drill modal asks the server, through the existing modules: the drilled chart's data
 * (its plugin's query context, posted by the chart data resource, as Explore and dashboards
 * do) and the Explore address of the drilled chart (its form data stored under a key).
 */
import { MESSAGES, type QueryFormData } from '@strata/core';
import { chartRegistry, type ChartDataResult } from '@strata/charts';
import { api } from '../../app/api';
import { postChartData } from '../explore/chartData';
import { browserTabId, exploreAddress, storeFormData } from '../explore/formDataKey';

/** The drilled chart's query results. */
export async function loadDrilledChartData(
  formData: QueryFormData,
  signal?: AbortSignal,
): Promise<ChartDataResult[]> {
  const plugin = chartRegistry.get(formData.viz_type);
  if (!plugin) throw new Error(MESSAGES.vizTypeNotSupported);
  return (await postChartData(plugin.buildQuery(formData), signal)).result;
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Explore's address for the drilled chart ("Edit chart"): a new form data key. */
export async function drilledChartExploreUrl(formData: QueryFormData): Promise<string> {
  const key = await storeFormData(api, null, formData, browserTabId(sessionStorageOrNull()));
  return exploreAddress(key, undefined);
}
