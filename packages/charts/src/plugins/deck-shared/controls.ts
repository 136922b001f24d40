/** The controls the deck.gl chart types share (Superset's Shared_DeckGL), as data. */
import { MESSAGES } from '@strata/core';
import type { ControlConfig, ControlSetItem, Validator } from '../../control-panel/types.js';
import { spatialError, spatialValueOf } from '../../control-panel/spatial.js';
import { validateNumber } from '../../control-panel/validators.js';
import { DEFAULT_VIEWPORT, POINT_UNITS } from './geo.js';
import { PRIMARY_COLOR } from './colors.js';
import { deckglTiles } from './tiles.js';

/** A geo position must name its columns ("Invalid lat/long configuration"). */
export const validateSpatial: Validator = (value) =>
  value === null || value === undefined
    ? MESSAGES.invalidLatLongConfiguration
    : spatialError(spatialValueOf(value));

const spatialConfig = (label: string): ControlConfig => ({
  type: 'SpatialControl',
  label,
  description: 'Point to your spatial columns',
  validators: [validateSpatial],
});

export const spatial: ControlSetItem = {
  name: 'spatial',
  config: spatialConfig('Longitude & Latitude'),
};
export const startSpatial: ControlSetItem = {
  name: 'start_spatial',
  config: spatialConfig('Start Longitude & Latitude'),
};
export const endSpatial: ControlSetItem = {
  name: 'end_spatial',
  config: spatialConfig('End Longitude & Latitude'),
};

export const filterNulls: ControlSetItem = {
  name: 'filter_nulls',
  config: {
    type: 'CheckboxControl',
    label: 'Ignore null locations',
    default: true,
    description: 'Whether to ignore locations that are null',
  },
};

export const autozoom: ControlSetItem = {
  name: 'autozoom',
  config: {
    type: 'CheckboxControl',
    label: 'Auto Zoom',
    default: true,
    renderTrigger: true,
    description: 'When checked, the map will zoom to your data after each query',
  },
};

export const viewport: ControlSetItem = {
  name: 'viewport',
  config: {
    type: 'ViewportControl',
    label: 'Viewport',
    // Panning the map writes it back: the chart redraws from the same data.
    renderTrigger: true,
    default: DEFAULT_VIEWPORT,
    description: 'Parameters related to the view and perspective on the map',
  },
};

export const mapboxStyle: ControlSetItem = {
  name: 'mapbox_style',
  config: {
    type: 'SelectControl',
    label: 'Map Style',
    renderTrigger: true,
    default: () => deckglTiles()[0]?.[0] ?? '',
    props: { freeForm: true, clearable: true },
    mapStateToProps: () => ({ choices: deckglTiles() }),
    description:
      'Base layer map style: a raster tile URL template ({z}/{x}/{y}) the server allows (STRATA_DECKGL_TILE_URL); none draws the points on the background.',
  },
};

export const dimension = (label = 'Categorical Color'): ControlSetItem => ({
  name: 'dimension',
  config: {
    type: 'ColumnSelectControl',
    label,
    default: null,
    description: 'Pick a dimension from which categorical colors are defined',
    props: { multi: false, clearable: true },
    mapStateToProps: (state) => ({
      options: (state.datasource?.columns ?? []).filter((c) => c.groupby !== false),
    }),
  },
});

export const colorPicker = (name: string, label: string): ControlSetItem => ({
  name,
  config: {
    type: 'ColorPickerControl',
    label,
    default: PRIMARY_COLOR,
    renderTrigger: true,
  },
});

export const pointRadiusFixed: ControlSetItem = {
  name: 'point_radius_fixed',
  config: {
    type: 'FixedOrMetricControl',
    label: 'Point Size',
    default: { type: 'fix', value: 1000 },
    description: 'Fixed point radius',
  },
};

export const pointUnit: ControlSetItem = {
  name: 'point_unit',
  config: {
    type: 'SelectControl',
    label: 'Point Unit',
    default: 'square_m',
    renderTrigger: true,
    props: { clearable: false, choices: POINT_UNITS },
    description: 'The unit of measure for the specified point radius',
  },
};

const floatText = (name: string, label: string, dflt: number, description: string) => ({
  name,
  config: {
    type: 'TextControl' as const,
    label,
    default: dflt,
    renderTrigger: true,
    validators: [validateNumber],
    props: { isFloat: true },
    description,
  },
});

export const minRadius: ControlSetItem = floatText(
  'min_radius',
  'Minimum Radius',
  2,
  'Minimum radius size of the circle, in pixels. As the zoom level changes, this insures that the circle respects this minimum radius.',
);
export const maxRadius: ControlSetItem = floatText(
  'max_radius',
  'Maximum Radius',
  250,
  'Maximum radius size of the circle, in pixels. As the zoom level changes, this insures that the circle respects this maximum radius.',
);
export const multiplier: ControlSetItem = floatText(
  'multiplier',
  'Multiplier',
  1,
  'Factor to multiply the metric by',
);

export const gridSize = (dflt: number, description: string): ControlSetItem => ({
  name: 'grid_size',
  config: {
    type: 'TextControl',
    label: 'Grid Size',
    default: dflt,
    renderTrigger: true,
    validators: [validateNumber],
    props: { isInt: true },
    description,
  },
});

export const extruded: ControlSetItem = {
  name: 'extruded',
  config: {
    type: 'CheckboxControl',
    label: 'Extruded',
    default: true,
    renderTrigger: true,
    description: 'Whether to make the grid 3D',
  },
};

export const sizeMetric: ControlSetItem = {
  name: 'size',
  config: {
    type: 'MetricsControl',
    label: 'Weight',
    default: null,
    description: "Metric used as a weight for the grid's coloring",
    props: { multi: false, clearable: true },
    mapStateToProps: (state) => ({
      columns: state.datasource?.columns ?? [],
      savedMetrics: state.datasource?.metrics ?? [],
    }),
  },
};
