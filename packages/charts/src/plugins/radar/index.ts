/**
 * Radar Chart: one axis per metric (its maximum the largest value seen, or the column config's
 * radarMetricMaxValue), one polygon per dimension value.
 */
import {
  getColumnLabel,
  getMetricLabel,
  type QueryColumn,
  type QueryFormData,
  type QueryMetric,
} from '@strata/core';
import { CategoricalColorScale } from '../../color/scale.js';
import type { ControlPanelConfig } from '../../control-panel/types.js';
import { getNumberFormatter } from '../../format/number-format.js';
import type { ChartMetadata, ChartPlugin, ChartProps, DrillFilter } from '../../plugin.js';
import { itemMenu, namedItemContextMenu, rowDrillFilters } from '../../drill.js';
import { buildQueryContext } from '../../query/build-query-context.js';
import { categoryLegend, escapeHtml } from '../pie/legend.js';

const metadata: ChartMetadata = {
  name: 'Radar Chart',
  category: 'Ranking',
  description:
    'Visualize a parallel set of metrics across multiple groups. Each group is visualized using its own line of points and each metric is represented as an edge in the chart.',
  tags: ['Business', 'Comparison', 'ECharts', 'Multi-Dimensions', 'Report', 'Web'],
  thumbnail:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#fff"/>' +
    '<polygon points="80,8 122,38 106,88 54,88 38,38" fill="none" stroke="#d9d9d9"/>' +
    '<polygon points="80,20 112,40 96,78 60,72 50,42" fill="#1FA8C9" opacity="0.35" stroke="#1FA8C9" stroke-width="2"/>' +
    '<polygon points="80,34 100,44 90,70 66,64 60,46" fill="#454E7C" opacity="0.35" stroke="#454E7C" stroke-width="2"/></svg>',
  behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
};

const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        ['groupby'],
        ['metrics'],
        ['adhoc_filters'],
        [{ name: 'row_limit', override: { default: 10 } }],
      ],
    },
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [
        ['color_scheme'],
        [
          {
            name: 'show_legend',
            config: {
              type: 'CheckboxControl',
              label: 'Show legend',
              default: true,
              renderTrigger: true,
            },
          },
        ],
        [
          {
            name: 'show_labels',
            config: {
              type: 'CheckboxControl',
              label: 'Show labels',
              default: false,
              renderTrigger: true,
            },
          },
        ],
        [
          {
            name: 'number_format',
            config: {
              type: 'SelectControl',
              label: 'Number format',
              default: 'SMART_NUMBER',
              renderTrigger: true,
              props: { freeForm: true },
            },
          },
        ],
        [
          {
            name: 'is_circle',
            config: {
              type: 'CheckboxControl',
              label: 'Circle radar shape',
              default: false,
              renderTrigger: true,
              description: "Radar render type, whether to display 'circle' shape.",
            },
          },
        ],
      ],
    },
  ],
};

export interface RadarProps {
  width: number;
  height: number;
  echartOptions: Record<string, unknown>;
  empty: boolean;
  /** A right click on an item (its name): the page's drill menu with its groupby values. */
  onItemContextMenu?: (name: string, clientX: number, clientY: number) => void;
}

export function transformRadar(chartProps: ChartProps): RadarProps {
  const { width, height, formData, queriesData } = chartProps;
  const result = queriesData[0];
  if (!result || result.data.length === 0) return { width, height, echartOptions: {}, empty: true };
  const metrics = ((formData.metrics as QueryMetric[] | undefined) ?? []).map(getMetricLabel);
  const groupbyColumns = (formData.groupby as QueryColumn[] | undefined) ?? [];
  const groupby = groupbyColumns.map(getColumnLabel);
  const drills = new Map<string, DrillFilter[]>();
  const config = (formData.column_config ?? {}) as Record<string, { radarMetricMaxValue?: number }>;
  const format = getNumberFormatter(formData.number_format as string | undefined);
  const scale = new CategoricalColorScale(
    formData.color_scheme as string | undefined,
    chartProps.labelColors,
  );
  const indicator = metrics.map((m) => {
    const seen = Math.max(...result.data.map((r) => Number(r[m] ?? 0)), 0);
    const max = config[m]?.radarMetricMaxValue;
    return { name: m, max: typeof max === 'number' && max > 0 ? max : seen || 1 };
  });
  const data = result.data.map((row) => {
    const name = groupby.map((g) => String(row[g] ?? 'NULL')).join(', ') || 'all';
    drills.set(name, rowDrillFilters(groupbyColumns, row));
    const color = scale.getColor(name);
    return {
      name,
      value: metrics.map((m) => Number(row[m] ?? 0)),
      itemStyle: { color },
      lineStyle: { color },
      areaStyle: { opacity: 0.15, color },
    };
  });
  return {
    width,
    height,
    empty: false,
    ...itemMenu(namedItemContextMenu(chartProps.hooks?.onContextMenu, drills)),
    echartOptions: {
      tooltip: {
        trigger: 'item',
        appendToBody: true,
        formatter: (p: { name: string; value: number[] }) =>
          [
            escapeHtml(p.name),
            ...metrics.map((m, i) => `${escapeHtml(m)}: ${format(p.value[i])}`),
          ].join('<br/>'),
      },
      legend: categoryLegend(
        formData,
        data.map((d) => d.name),
      ),
      radar: {
        indicator,
        shape: formData.is_circle ? 'circle' : 'polygon',
        radius: '65%',
        center: ['50%', '55%'],
      },
      series: [
        {
          type: 'radar',
          label: {
            show: formData.show_labels === true,
            formatter: (p: { value: number }) => format(p.value),
          },
          data,
        },
      ],
    },
  };
}

export const radarPlugin: ChartPlugin<QueryFormData, RadarProps> = {
  vizType: 'radar',
  metadata,
  controlPanel,
  buildQuery: (formData, options) => buildQueryContext(formData, (base) => [base], options),
  transformProps: transformRadar,
};
