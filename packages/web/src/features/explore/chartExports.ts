/** Chart downloads and sharing: CSV/XLSX files from the chart data API, permalinks, embed code. */
import type { QueryFormData } from '@strata/core';
import { chartRegistry } from '@strata/charts';
import { api } from '../../app/api';
import { saveBlob, saveResponse } from '../../app/download';

export { saveBlob };

/** Posts the chart's query context for a file and hands the browser the download. */
export async function downloadChartData(
  formData: QueryFormData,
  format: 'csv' | 'xlsx',
): Promise<void> {
  const plugin = chartRegistry.get(formData.viz_type);
  if (!plugin) throw new Error('This visualization type is not supported.');
  const context = plugin.buildQuery(formData, { resultFormat: format, resultType: 'full' });
  // Through the API client: its CSRF, retry and login rules; the file is read as a blob.
  const res = await api.postStream('/api/v1/chart/data', context);
  await saveResponse(res, `chart.${format}`);
}

/** A permalink of the chart's current form data. */
export async function chartPermalink(formData: QueryFormData): Promise<string> {
  const res = await api.post<{ url: string }>('/api/v1/explore/permalink', {
    formData,
    urlParams: [],
  });
  return res.url;
}

/** The iframe that shows the chart on another page. */
export function embedCode(url: string, width = 600, height = 400): string {
  const sep = url.includes('?') ? '&' : '?';
  return `<iframe\n  width="${width}"\n  height="${height}"\n  seamless\n  frameBorder="0"\n  scrolling="no"\n  src="${url}${sep}standalone=1&height=${height}"\n>\n</iframe>`;
}

/** A mailto: address for sharing a chart by e-mail. */
export function shareByEmailUrl(chartName: string, url: string): string {
  const subject = encodeURIComponent(`Strata: ${chartName}`);
  const body = encodeURIComponent(`Check out this chart: ${url}`);
  return `mailto:?Subject=${subject}&Body=${body}`;
}
