import type { ControlPanelConfig, ControlPanelState } from '../../control-panel/types.js';
import { validateNonEmpty } from '../../control-panel/validators.js';
import { GenericDataType } from '@strata/core';

const isRaw = (s: ControlPanelState) => s.form_data.query_mode === 'raw';
const isAgg = (s: ControlPanelState) => !isRaw(s);
/** Aggregate mode needs a dimension or a metric; raw mode a column. */
const needsSomething = (s: ControlPanelState) =>
  isAgg(s) &&
  ((s.form_data.groupby as unknown[] | undefined)?.length ?? 0) === 0 &&
  ((s.form_data.percent_metrics as unknown[] | undefined)?.length ?? 0) === 0;

/** A column of the table's answer, for the column configuration control. */
export interface ConfigurableColumn {
  name: string;
  kind: 'numeric' | 'temporal' | 'string';
}

const labelOf = (v: unknown): string =>
  typeof v === 'string' ? v : String((v as { label?: string } | null)?.label ?? '');

/** The table's columns as its query names them: dimensions (or raw columns) then metrics. */
export function configurableColumns(s: ControlPanelState): ConfigurableColumn[] {
  const list = (name: string) => (s.form_data[name] as unknown[] | undefined) ?? [];
  const typeOf = (name: string): ConfigurableColumn['kind'] => {
    const col = s.datasource?.columns.find((c) => c.column_name === name);
    if (col?.is_dttm || col?.type_generic === GenericDataType.TEMPORAL) return 'temporal';
    return col?.type_generic === GenericDataType.NUMERIC ? 'numeric' : 'string';
  };
  const dims = isRaw(s) ? list('all_columns') : list('groupby');
  const out: ConfigurableColumn[] = dims.map((d) => ({
    name: labelOf(d),
    kind: typeOf(labelOf(d)),
  }));
  if (!isRaw(s)) {
    for (const m of list('metrics')) out.push({ name: labelOf(m), kind: 'numeric' });
    for (const m of list('percent_metrics')) out.push({ name: `%${labelOf(m)}`, kind: 'numeric' });
  }
  const seen = new Set<string>();
  return out.filter((c) => c.name && !seen.has(c.name) && seen.add(c.name));
}

export const PAGE_LENGTH_CHOICES: Array<[number, string]> = [
  [0, 'All'],
  [10, '10'],
  [20, '20'],
  [50, '50'],
  [100, '100'],
  [200, '200'],
];

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        ['query_mode'],
        [{ name: 'groupby', override: { visibility: isAgg, label: 'Dimensions' } }],
        [
          {
            name: 'metrics',
            override: {
              visibility: isAgg,
              validators: [(v, s) => (s && needsSomething(s) ? validateNonEmpty(v) : null)],
            },
          },
        ],
        ['all_columns'],
        [
          {
            name: 'percent_metrics',
            config: {
              type: 'MetricsControl',
              label: 'Percentage metrics',
              description:
                'Select one or many metrics to display, that will be displayed in the percentages of total. Percentage metrics will be calculated only from data within the row limit.',
              default: [],
              visibility: isAgg,
              props: { multi: true },
              mapStateToProps: (s) => ({
                columns: s.datasource?.columns ?? [],
                savedMetrics: s.datasource?.metrics ?? [],
              }),
            },
          },
        ],
        ['adhoc_filters'],
        [
          {
            name: 'timeseries_limit_metric',
            override: { visibility: isAgg },
          },
        ],
        [
          {
            name: 'order_by_cols',
            config: {
              type: 'SelectControl',
              label: 'Ordering',
              description: 'Order results by selected columns',
              default: [],
              visibility: isRaw,
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
        ['row_limit'],
        [{ name: 'order_desc', override: { visibility: isAgg } }],
        [
          {
            name: 'show_totals',
            config: {
              type: 'CheckboxControl',
              label: 'Show summary',
              default: false,
              visibility: isAgg,
              description:
                'Show total aggregations of selected metrics. Note that row limit does not apply to the result.',
            },
          },
        ],
      ],
    },
    {
      label: 'Options',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'table_timestamp_format',
            config: {
              type: 'SelectControl',
              label: 'Timestamp format',
              default: 'smart_date',
              renderTrigger: true,
              props: {
                freeForm: true,
                choices: [
                  ['smart_date', 'Adaptive formatting'],
                  ['%Y-%m-%d', '%Y-%m-%d | 2019-01-14'],
                  ['%Y-%m-%d %H:%M:%S', '%Y-%m-%d %H:%M:%S | 2019-01-14 01:32:10'],
                  ['%d/%m/%Y', '%d/%m/%Y | 14/01/2019'],
                  ['%m/%d/%Y', '%m/%d/%Y | 01/14/2019'],
                ],
              },
              description: 'D3 time format for datetime columns',
            },
          },
        ],
        [
          {
            name: 'page_length',
            config: {
              type: 'SelectControl',
              label: 'Page length',
              default: 0,
              renderTrigger: true,
              props: { freeForm: true, choices: PAGE_LENGTH_CHOICES },
              description: 'Rows per page, 0 means no pagination',
            },
          },
        ],
        [
          {
            name: 'include_search',
            config: {
              type: 'CheckboxControl',
              label: 'Search box',
              default: false,
              renderTrigger: true,
              description: 'Whether to include a client-side search box',
            },
          },
        ],
        [
          {
            name: 'show_cell_bars',
            config: {
              type: 'CheckboxControl',
              label: 'Cell bars',
              default: true,
              renderTrigger: true,
              description: 'Whether to display a bar chart background in table columns',
            },
          },
        ],
        [
          {
            name: 'align_pn',
            config: {
              type: 'CheckboxControl',
              label: 'Align +/-',
              default: false,
              renderTrigger: true,
              description:
                'Whether to align background charts with both positive and negative values at 0',
            },
          },
        ],
        [
          {
            name: 'color_pn',
            config: {
              type: 'CheckboxControl',
              label: 'Color +/-',
              default: true,
              renderTrigger: true,
              description:
                'Whether to colorize numeric values by whether they are positive or negative',
            },
          },
        ],
        [
          {
            name: 'allow_rearrange_columns',
            config: {
              type: 'CheckboxControl',
              label: 'Allow columns to be rearranged',
              default: false,
              renderTrigger: true,
            },
          },
        ],
        [
          {
            name: 'column_config',
            config: {
              type: 'ColumnConfigControl',
              label: 'Customize columns',
              default: {},
              renderTrigger: true,
              description: 'Further customize how to display each column',
              mapStateToProps: (s) => ({ columnsToConfigure: configurableColumns(s) }),
            },
          },
        ],
        [
          {
            name: 'conditional_formatting',
            config: {
              type: 'ConditionalFormattingControl',
              label: 'Conditional formatting',
              default: [],
              renderTrigger: true,
              description: 'Apply conditional color formatting to numeric columns',
              mapStateToProps: (s) => ({
                columnOptions: [
                  ...((s.form_data.metrics as unknown[] | undefined) ?? []),
                  ...((s.form_data.percent_metrics as unknown[] | undefined) ?? []),
                ].map((m) => {
                  const label =
                    typeof m === 'string' ? m : String((m as { label?: string }).label ?? '');
                  return { value: label, label };
                }),
              }),
            },
          },
        ],
      ],
    },
  ],
};
