/**
 * Graph Chart: a network of the source and target columns' values, edges weighted by the metric,
 * nodes coloured by optional category columns, in a force-directed or circular layout.
 */
import type { QueryColumn, QueryFormData, QueryMetric } from '@strata/core';
import type { ChartMetadata, ChartPlugin } from '../../plugin.js';
import { buildQueryContext } from '../../query/build-query-context.js';
import { controlPanel } from './controlPanel.js';
import { transformGraph, type GraphProps } from './transformProps.js';

export { transformGraph, parseEdgeSymbol, type GraphProps } from './transformProps.js';

const dot = (x: number, y: number, r: number, c: string) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}"/>`;
const metadata: ChartMetadata = {
  name: 'Graph Chart',
  category: 'Flow',
  description:
    'Shows the connections between entities as a network, to map relationships and see which nodes matter most. The layout is force-directed or circular. For data with a geographic side, the deck.gl Arc chart may suit better.',
  tags: [
    'Circular',
    'Comparison',
    'Directional',
    'ECharts',
    'Relational',
    'Structural',
    'Transformable',
    'Featured',
  ],
  thumbnail:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#fff"/>' +
    '<g stroke="#B2B2B2" stroke-width="2"><line x1="80" y1="50" x2="36" y2="24"/><line x1="80" y1="50" x2="124" y2="22"/>' +
    '<line x1="80" y1="50" x2="40" y2="80"/><line x1="80" y1="50" x2="122" y2="78"/><line x1="124" y1="22" x2="122" y2="78"/>' +
    '<line x1="36" y1="24" x2="40" y2="80"/></g>' +
    dot(80, 50, 12, '#1FA8C9') +
    dot(36, 24, 7, '#454E7C') +
    dot(124, 22, 9, '#5AC189') +
    dot(40, 80, 6, '#FF7F44') +
    dot(122, 78, 8, '#454E7C') +
    '</svg>',
  behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  drillByField: 'source',
};

const COLUMN_FIELDS = ['source', 'target', 'source_category', 'target_category'] as const;

export const graphChartPlugin: ChartPlugin<QueryFormData, GraphProps> = {
  vizType: 'graph_chart',
  metadata,
  controlPanel,
  buildQuery: (formData, options) => {
    const columns = new Map<string, QueryColumn>();
    for (const field of COLUMN_FIELDS) {
      const c = formData[field] as QueryColumn | null | undefined;
      if (c !== null && c !== undefined && c !== '') columns.set(JSON.stringify(c), c);
    }
    const metric = formData.metric as QueryMetric | undefined;
    return buildQueryContext(
      formData,
      (base) => [{ ...base, columns: [...columns.values()], metrics: metric ? [metric] : [] }],
      options,
    );
  },
  transformProps: transformGraph,
};
