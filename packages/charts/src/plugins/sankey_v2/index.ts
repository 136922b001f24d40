/**
 * Sankey Chart: flows from a source column's values to a target column's values, sized by the
 * metric. The query groups by [source, target]; a loop in the data (which ECharts cannot draw)
 * becomes an error message instead of a chart.
 */
import type { QueryColumn, QueryFormData, QueryMetric } from '@strata/core';
import { sharedControls } from '../../control-panel/shared-controls.js';
import type { ControlPanelConfig } from '../../control-panel/types.js';
import type { ChartMetadata, ChartPlugin } from '../../plugin.js';
import { buildQueryContext } from '../../query/build-query-context.js';
import { transformSankey, type SankeyProps } from './transformProps.js';

export { transformSankey, findCycle, type SankeyProps } from './transformProps.js';

const metadata: ChartMetadata = {
  name: 'Sankey Chart',
  category: 'Flow',
  description:
    'Follows how values move and change between the stages of a system. Nodes are the stages, linked by bands whose width is the metric flowing between them, so the distribution of the value and its transformation are easy to read.',
  tags: ['Directional', 'ECharts', 'Distribution', 'Flow'],
  thumbnail:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#fff"/>' +
    '<path d="M24,12 C80,12 80,18 136,18 L136,48 C80,48 80,40 24,40 Z" fill="#1FA8C9" opacity="0.45"/>' +
    '<path d="M24,44 C80,44 80,52 136,52 L136,66 C80,66 80,60 24,60 Z" fill="#454E7C" opacity="0.45"/>' +
    '<path d="M24,64 C80,64 80,70 136,70 L136,88 C80,88 80,88 24,88 Z" fill="#5AC189" opacity="0.45"/>' +
    '<rect x="16" y="12" width="8" height="28" fill="#1FA8C9"/><rect x="16" y="44" width="8" height="16" fill="#454E7C"/>' +
    '<rect x="16" y="64" width="8" height="24" fill="#5AC189"/><rect x="136" y="18" width="8" height="48" fill="#FF7F44"/>' +
    '<rect x="136" y="70" width="8" height="18" fill="#666666"/></svg>',
};

const columnControl = (label: string, description: string) => ({
  ...sharedControls.entity!,
  label,
  description,
  props: { multi: false, clearable: false },
});

const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'source',
            config: columnControl('Source', 'The column to be used as the source of the edge.'),
          },
        ],
        [
          {
            name: 'target',
            config: columnControl('Target', 'The column to be used as the target of the edge.'),
          },
        ],
        ['metric'],
        ['adhoc_filters'],
        [{ name: 'row_limit', override: { default: 10000 } }],
        [
          {
            name: 'sort_by_metric',
            config: {
              type: 'CheckboxControl',
              label: 'Sort by metric',
              default: false,
              description: 'Whether to sort results by the selected metric in descending order.',
            },
          },
        ],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      controlSetRows: [['color_scheme']],
    },
  ],
};

export const sankeyV2Plugin: ChartPlugin<QueryFormData, SankeyProps> = {
  vizType: 'sankey_v2',
  metadata,
  controlPanel,
  buildQuery: (formData, options) => {
    const metric = formData.metric as QueryMetric | undefined;
    const columns = [formData.source, formData.target].filter(
      (c): c is QueryColumn => c !== null && c !== undefined && c !== '',
    );
    return buildQueryContext(
      formData,
      (base) => [
        {
          ...base,
          columns,
          metrics: metric ? [metric] : [],
          ...(formData.sort_by_metric && metric ? { orderby: [[metric, false]] } : {}),
        },
      ],
      options,
    );
  },
  transformProps: transformSankey,
};
