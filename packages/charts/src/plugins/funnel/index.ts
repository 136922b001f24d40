/**
 * Funnel Chart: one stage per dimension value, widest first, labelled as the label type says
 * (the pie's label types), percentages of the first stage or of the total.
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
import { LABEL_TYPES } from '../pie/controlPanel.js';
import { categoryLegend, escapeHtml } from '../pie/legend.js';
import { pieLabel } from '../pie/transformProps.js';

const metadata: ChartMetadata = {
  name: 'Funnel Chart',
  category: 'KPI',
  description:
    'Showcases how a metric changes as the funnel progresses. This classic chart is useful for visualizing drop-off between stages in a pipeline or lifecycle.',
  tags: ['Business', 'ECharts', 'Progressive', 'Report', 'Sequential', 'Trend'],
  thumbnail:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#fff"/>' +
    '<polygon points="20,10 140,10 125,32 35,32" fill="#1FA8C9"/><polygon points="37,36 123,36 110,58 50,58" fill="#454E7C"/>' +
    '<polygon points="52,62 108,62 96,84 64,84" fill="#5AC189"/></svg>',
  behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
};

const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        ['groupby'],
        ['metric'],
        ['adhoc_filters'],
        [{ name: 'row_limit', override: { default: 10 } }],
        [
          {
            name: 'sort_by_metric',
            config: { type: 'CheckboxControl', label: 'Sort by metric', default: true },
          },
        ],
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
            name: 'label_type',
            config: {
              type: 'SelectControl',
              label: 'Label Type',
              default: 'key',
              renderTrigger: true,
              props: { clearable: false, choices: LABEL_TYPES },
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
            name: 'show_labels',
            config: {
              type: 'CheckboxControl',
              label: 'Show labels',
              default: true,
              renderTrigger: true,
            },
          },
        ],
        [
          {
            name: 'percent_calculation_type',
            config: {
              type: 'SelectControl',
              label: 'Percentage calculation',
              default: 'first_step',
              renderTrigger: true,
              props: {
                clearable: false,
                choices: [
                  ['first_step', 'Calculate from first step'],
                  ['total', 'Percent of total'],
                ],
              },
            },
          },
        ],
      ],
    },
  ],
};

export interface FunnelProps {
  width: number;
  height: number;
  echartOptions: Record<string, unknown>;
  empty: boolean;
  /** A right click on an item (its name): the page's drill menu with its groupby values. */
  onItemContextMenu?: (name: string, clientX: number, clientY: number) => void;
}

export function transformFunnel(chartProps: ChartProps): FunnelProps {
  const { width, height, formData, queriesData } = chartProps;
  const result = queriesData[0];
  if (!result || result.data.length === 0) return { width, height, echartOptions: {}, empty: true };
  const metric = getMetricLabel(formData.metric as QueryMetric);
  const groupbyColumns = (formData.groupby as QueryColumn[] | undefined) ?? [];
  const groupby = groupbyColumns.map(getColumnLabel);
  const drills = new Map<string, DrillFilter[]>();
  const scale = new CategoricalColorScale(
    formData.color_scheme as string | undefined,
    chartProps.labelColors,
  );
  const numberFormat = getNumberFormatter(formData.number_format as string | undefined);
  const percentFormat = getNumberFormatter(',.2%');
  const data = result.data
    .map((row) => {
      const name = groupby.map((g) => String(row[g] ?? 'NULL')).join(', ') || metric;
      drills.set(name, rowDrillFilters(groupbyColumns, row));
      return { name, value: Number(row[metric] ?? 0), itemStyle: { color: scale.getColor(name) } };
    })
    .sort((a, b) => b.value - a.value);
  const total = data.reduce((s, d) => s + d.value, 0);
  const base = formData.percent_calculation_type === 'total' ? total : (data[0]?.value ?? 0);
  const pct = (v: number) => (base ? percentFormat(v / base) : '');
  const labelType = (formData.label_type as string) || 'key';
  return {
    width,
    height,
    empty: false,
    ...itemMenu(namedItemContextMenu(chartProps.hooks?.onContextMenu, drills)),
    echartOptions: {
      tooltip: {
        trigger: 'item',
        appendToBody: true,
        formatter: (p: { name: string; value: number }) =>
          `${escapeHtml(p.name)}: ${numberFormat(p.value)} (${pct(p.value)})`,
      },
      legend: categoryLegend(
        formData,
        data.map((d) => d.name),
      ),
      series: [
        {
          type: 'funnel',
          sort: 'descending',
          top: formData.show_legend !== false ? 40 : 10,
          bottom: 10,
          left: '10%',
          width: '80%',
          label: {
            show: formData.show_labels !== false,
            position: 'inside',
            formatter: (p: { name: string; value: number }) =>
              pieLabel(labelType, p.name, numberFormat(p.value), pct(p.value)),
          },
          data,
        },
      ],
    },
  };
}

export const funnelPlugin: ChartPlugin<QueryFormData, FunnelProps> = {
  vizType: 'funnel',
  metadata,
  controlPanel,
  buildQuery: (formData, options) => {
    const metric = formData.metric as QueryMetric | undefined;
    return buildQueryContext(
      formData,
      (base) => [
        { ...base, orderby: formData.sort_by_metric !== false && metric ? [[metric, false]] : [] },
      ],
      options,
    );
  },
  transformProps: transformFunnel,
};
