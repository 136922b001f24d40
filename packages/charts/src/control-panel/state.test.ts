import { GenericDataType, type QueryFormData } from '@strata/core';
import { describe, expect, it } from 'vitest';
import {
  controlPanelState,
  dropMissingFields,
  listControls,
  sectionTab,
  validationMessages,
} from './state.js';
import type { ControlPanelConfig, ExploreDatasource } from './types.js';

const datasource: ExploreDatasource = {
  id: 1,
  type: 'table',
  columns: [
    { column_name: 'ds', type_generic: GenericDataType.TEMPORAL, is_dttm: true },
    { column_name: 'region', type_generic: GenericDataType.STRING },
    { column_name: 'amount', type_generic: GenericDataType.NUMERIC },
  ],
  metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
  main_dttm_col: 'ds',
  time_grain_sqla: [['P1D', 'Day']],
};

const panel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      controlSetRows: [['x_axis'], ['metrics'], ['groupby'], ['row_limit'], [null]],
    },
    {
      label: 'Options',
      controlSetRows: [
        [
          {
            name: 'show_legend',
            config: {
              type: 'CheckboxControl',
              label: 'Legend',
              default: true,
              renderTrigger: true,
            },
          },
        ],
        [
          {
            name: 'legend_type',
            config: {
              type: 'SelectControl',
              label: 'Type',
              default: 'scroll',
              renderTrigger: true,
              visibility: (s) => s.form_data.show_legend === true,
            },
          },
        ],
      ],
    },
  ],
  controlOverrides: { groupby: { label: 'Series' } },
};

const fd = (extra: Partial<QueryFormData> = {}): QueryFormData => ({
  datasource: '1__table',
  viz_type: 'line',
  ...extra,
});

describe('control panel state', () => {
  it('lists shared and own controls once, with overrides', () => {
    const names = listControls(panel).map((c) => c.name);
    expect(names).toEqual([
      'x_axis',
      'metrics',
      'groupby',
      'row_limit',
      'show_legend',
      'legend_type',
    ]);
    expect(controlPanelState(panel, fd(), datasource).controls.groupby!.label).toBe('Series');
  });

  it('fills defaults, including ones computed from the dataset', () => {
    const { formData, controls } = controlPanelState(panel, fd(), datasource);
    expect(formData.x_axis).toBe('ds');
    expect(formData.row_limit).toBe(10_000);
    expect(formData.legend_type).toBe('scroll');
    expect(controls.groupby!.props.options).toHaveLength(3);
  });

  it('validates visible controls and names them in messages', () => {
    const { controls } = controlPanelState(panel, fd({ row_limit: 'lots' }), datasource);
    expect(controls.metrics!.validationErrors).toEqual(['cannot be empty']);
    expect(validationMessages(controls)).toEqual([
      'Metrics cannot be empty',
      'Row limit is expected to be an integer',
    ]);
  });

  it('resets a hidden control to its default', () => {
    const { formData, controls } = controlPanelState(
      panel,
      fd({ show_legend: false, legend_type: 'plain' }),
      datasource,
    );
    expect(controls.legend_type!.visible).toBe(false);
    expect(formData.legend_type).toBe('scroll');
    const shown = controlPanelState(
      panel,
      fd({ show_legend: true, legend_type: 'plain' }),
      datasource,
    );
    expect(shown.formData.legend_type).toBe('plain');
  });

  it('puts sections of render-only controls on the Customize tab', () => {
    expect(sectionTab(panel.controlPanelSections[0]!, panel)).toBe('data');
    expect(sectionTab(panel.controlPanelSections[1]!, panel)).toBe('customize');
    expect(sectionTab({ ...panel.controlPanelSections[1]!, tabOverride: 'data' }, panel)).toBe(
      'data',
    );
  });

  it('drops metrics and columns the dataset no longer has', () => {
    const { formData, dropped } = dropMissingFields(
      fd({
        metrics: [
          'count',
          'gone',
          { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'old' } },
        ],
        groupby: ['region', 'lost'],
        x_axis: 'vanished',
      }),
      datasource,
      { metrics: ['metrics'], columns: ['groupby', 'x_axis'] },
    );
    expect(formData.metrics).toEqual(['count']);
    expect(formData.groupby).toEqual(['region']);
    expect(formData.x_axis).toBeNull();
    expect(dropped).toEqual(['gone', 'old', 'lost', 'vanished']);
  });
});
