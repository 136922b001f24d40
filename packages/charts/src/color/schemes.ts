/**
 * Colour schemes by id: categorical (series colours) and sequential (heat maps, maps). Unknown
 * ids fall back to the defaults (spec 001 §4: supersetColors, superset_seq_1).
 */
import { DEFAULT_CATEGORICAL_SCHEME, DEFAULT_SEQUENTIAL_SCHEME } from '@strata/core';

export interface ColorScheme {
  id: string;
  label: string;
  colors: string[];
}

export const CATEGORICAL_SCHEMES: ColorScheme[] = [
  {
    id: 'supersetColors',
    label: 'Superset Colors',
    colors: [
      '#1FA8C9',
      '#454E7C',
      '#5AC189',
      '#FF7F44',
      '#666666',
      '#E04355',
      '#FCC700',
      '#A868B7',
      '#3CCCCB',
      '#A38F79',
      '#8FD3E4',
      '#A1A6BD',
      '#ACE1C4',
      '#FEC0A1',
      '#B2B2B2',
      '#EFA1AA',
      '#FDE380',
      '#D3B3DA',
      '#9EE5E5',
      '#D1C6BC',
    ],
  },
  {
    id: 'd3Category10',
    label: 'D3 Category 10',
    colors: [
      '#1f77b4',
      '#ff7f0e',
      '#2ca02c',
      '#d62728',
      '#9467bd',
      '#8c564b',
      '#e377c2',
      '#7f7f7f',
      '#bcbd22',
      '#17becf',
    ],
  },
  {
    id: 'bnbColors',
    label: 'Airbnb Colors',
    colors: [
      '#ff5a5f',
      '#7b0051',
      '#007A87',
      '#00d1c1',
      '#8ce071',
      '#ffb400',
      '#b4a76c',
      '#ff8083',
      '#cc0086',
      '#00a1b3',
      '#00ffeb',
      '#bbedab',
      '#ffd266',
      '#cbc29a',
    ],
  },
  {
    id: 'googleCategory10c',
    label: 'Google Category 10c',
    colors: [
      '#3366cc',
      '#dc3912',
      '#ff9900',
      '#109618',
      '#990099',
      '#0099c6',
      '#dd4477',
      '#66aa00',
      '#b82e2e',
      '#316395',
    ],
  },
  {
    id: 'echarts5Colors',
    label: 'ECharts v5.x Colors',
    colors: [
      '#5470C6',
      '#91CC75',
      '#FAC858',
      '#EE6666',
      '#73C0DE',
      '#3BA272',
      '#FC8452',
      '#9A60B4',
      '#EA7CCC',
    ],
  },
];

export const SEQUENTIAL_SCHEMES: ColorScheme[] = [
  {
    id: 'superset_seq_1',
    label: 'Superset Sequential #1',
    colors: ['#E8F6FA', '#B7E2EE', '#7FCBE1', '#45B1D2', '#1FA8C9', '#16839D', '#0D5A6C'],
  },
  {
    id: 'superset_seq_2',
    label: 'Superset Sequential #2',
    colors: ['#FFF4EC', '#FFD6BD', '#FFB68D', '#FF975D', '#FF7F44', '#D25F2A', '#A14114'],
  },
  {
    id: 'blue_white_yellow',
    label: 'Blue / White / Yellow',
    colors: ['#00d1c1', '#ffffff', '#ffb400'],
  },
  { id: 'fire', label: 'Fire', colors: ['#fff5eb', '#fdbe85', '#fd8d3c', '#d94701', '#8c2d04'] },
  { id: 'white_black', label: 'White / Black', colors: ['#ffffff', '#000000'] },
  {
    id: 'red_yellow_blue',
    label: 'Red / Yellow / Blue',
    colors: ['#d7191c', '#fdae61', '#ffffbf', '#abd9e9', '#2c7bb6'],
  },
];

const byId = (list: ColorScheme[]) => new Map(list.map((s) => [s.id, s]));
const categorical = byId(CATEGORICAL_SCHEMES);
const sequential = byId(SEQUENTIAL_SCHEMES);

export function isValidCategoricalScheme(id: unknown): boolean {
  return typeof id === 'string' && categorical.has(id);
}

export function isValidSequentialScheme(id: unknown): boolean {
  return typeof id === 'string' && sequential.has(id);
}

export function categoricalScheme(id: string | null | undefined): ColorScheme {
  return categorical.get(id ?? '') ?? categorical.get(DEFAULT_CATEGORICAL_SCHEME)!;
}

export function sequentialScheme(id: string | null | undefined): ColorScheme {
  return sequential.get(id ?? '') ?? sequential.get(DEFAULT_SEQUENTIAL_SCHEME)!;
}

/** The colour at `t` in [0, 1] along a sequential scheme (linear between its stops). */
export function sequentialColor(id: string | null | undefined, t: number): string {
  const stops = sequentialScheme(id).colors.map(hexToRgb);
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  const f = x - i;
  const a = stops[i]!;
  const b = stops[i + 1] ?? a;
  const mix = (p: number, q: number) => Math.round(p + (q - p) * f);
  return rgbToHex({ r: mix(a.r, b.r), g: mix(a.g, b.g), b: mix(a.b, b.b) });
}

export function hexToRgb(hex: string): { r: number; g: number; b: number } {
  let h = hex.replace('#', '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const n = parseInt(h, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

export function rgbToHex({ r, g, b }: { r: number; g: number; b: number }): string {
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}
