import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS } from '@strata/core';
import { sharedControls } from './control-panel/shared-controls.js';
import type { ControlPanelState, ExploreDatasource } from './control-panel/types.js';
import { chartFeatureEnabled, setChartFeatureFlags } from './feature-flags.js';

const datasource = {
  columns: [
    { column_name: 'ds', is_dttm: true, type_generic: 2 },
    { column_name: 'gender', type_generic: 1 },
  ],
  metrics: [],
} as unknown as ExploreDatasource;
const state: ControlPanelState = { form_data: {} as never, datasource, controls: {} };
const xAxisOptions = () =>
  (sharedControls.x_axis!.mapStateToProps!(state).options as Array<{ column_name: string }>).map(
    (c) => c.column_name,
  );

describe('feature flags in chart code', () => {
  afterEach(() => setChartFeatureFlags(DEFAULT_FEATURE_FLAGS));

  it("holds the product's defaults until the page gives its flags", () => {
    expect(chartFeatureEnabled('GENERIC_CHART_AXES')).toBe(true);
    expect(chartFeatureEnabled('USE_ANALAGOUS_COLORS')).toBe(false);
  });

  it('offers any column on the x-axis with generic chart axes, time columns only without', () => {
    expect(xAxisOptions()).toEqual(['ds', 'gender']);
    setChartFeatureFlags({ ...DEFAULT_FEATURE_FLAGS, GENERIC_CHART_AXES: false });
    expect(xAxisOptions()).toEqual(['ds']);
  });
});
