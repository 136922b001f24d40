/**
 * Handlebars controls: the Table's query controls (aggregate or raw records) and, on the
 * Customize tab, the template and its CSS.
 */
import type { ControlPanelConfig, ControlPanelState } from '../../control-panel/types.js';
import { validateNonEmpty } from '../../control-panel/validators.js';

export const DEFAULT_HANDLEBARS_TEMPLATE = `<ul class="data-list">
  {{#each data}}
    <li>{{stringify this}}</li>
  {{/each}}
</ul>`;

export const DEFAULT_STYLE_TEMPLATE = `/*
.data-list {
  background-color: yellow;
}
*/`;

const isRaw = (s: ControlPanelState) => s.form_data.query_mode === 'raw';
const isAgg = (s: ControlPanelState) => !isRaw(s);
const isEmptyList = (v: unknown) => !Array.isArray(v) || v.length === 0;

/** Aggregate mode needs a dimension, a metric or a percentage metric. */
const needsAggregate = (_value: unknown, s?: ControlPanelState) =>
  s &&
  isAgg(s) &&
  isEmptyList(s.form_data.groupby) &&
  isEmptyList(s.form_data.metrics) &&
  isEmptyList(s.form_data.percent_metrics)
    ? 'Group By, Metrics or Percentage Metrics must have a value'
    : null;

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        ['query_mode'],
        [{ name: 'groupby', override: { visibility: isAgg } }],
        [{ name: 'metrics', override: { visibility: isAgg, validators: [needsAggregate] } }],
        [
          {
            name: 'all_columns',
            override: {
              validators: [(v, s) => (s && isRaw(s) ? validateNonEmpty(v) : null)],
            },
          },
        ],
        [
          {
            name: 'percent_metrics',
            config: {
              type: 'MetricsControl',
              label: 'Percentage metrics',
              description:
                'Metrics for which percentage of total are to be displayed. Calculated from only data within the row limit.',
              default: [],
              visibility: isAgg,
              resetOnHide: false,
              props: { multi: true },
              mapStateToProps: (s) => ({
                columns: s.datasource?.columns ?? [],
                savedMetrics: s.datasource?.metrics ?? [],
              }),
            },
          },
        ],
        [{ name: 'timeseries_limit_metric', override: { visibility: isAgg } }],
        [
          {
            name: 'order_by_cols',
            config: {
              type: 'SelectControl',
              label: 'Ordering',
              description: 'Order results by selected columns',
              default: [],
              visibility: isRaw,
              resetOnHide: false,
              props: { multi: true },
              mapStateToProps: (s) => ({
                choices: (s.datasource?.columns ?? []).flatMap((c) => [
                  [JSON.stringify([c.column_name, true]), `${c.column_name} [asc]`],
                  [JSON.stringify([c.column_name, false]), `${c.column_name} [desc]`],
                ]),
              }),
            },
          },
        ],
        [{ name: 'order_desc', override: { visibility: isAgg } }],
        ['row_limit'],
        ['include_time'],
        ['adhoc_filters'],
      ],
    },
    {
      label: 'Options',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'handlebarsTemplate',
            config: {
              type: 'TextAreaControl',
              label: 'Handlebars Template',
              description: 'A handlebars template that is applied to the data',
              default: DEFAULT_HANDLEBARS_TEMPLATE,
              renderTrigger: true,
              validators: [validateNonEmpty],
              props: { language: 'handlebars' },
            },
          },
        ],
        [
          {
            name: 'styleTemplate',
            config: {
              type: 'TextAreaControl',
              label: 'CSS Styles',
              description: 'CSS applied to the chart',
              default: DEFAULT_STYLE_TEMPLATE,
              renderTrigger: true,
              props: { language: 'css' },
            },
          },
        ],
      ],
    },
  ],
};
