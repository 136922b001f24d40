/**
 * World Map answer → ECharts option: a `geo` component drawing the world (registered by the
 * component as `world`, regions named by ISO numeric id), a `map` series hosted on it holding each
 * matched country's metric — shaded by a continuous visual map along the linear scheme, or one
 * categorical colour per country — and, with bubbles, a `scatter` series on the geo sized by the
 * bubble metric (the component places each bubble at its country's centre). Rows whose country
 * cannot be matched are listed in `unmatched`. The chart's own cross filter dims the countries
 * (and bubbles) it does not select.
 */
import {
  getColumnLabel,
  getMetricLabel,
  type QueryColumn,
  type QueryFormData,
  type QueryMetric,
} from '@strata/core';
import { drillFilter, drillFilters } from '../../drill.js';
import { CategoricalColorScale } from '../../color/scale.js';
import { sequentialScheme } from '../../color/schemes.js';
import { getNumberFormatter } from '../../format/number-format.js';
import type { ChartProps, DataMask, DrillFilter } from '../../plugin.js';
import { CLEARED_CROSS_FILTER, UNSELECTED_OPACITY } from '../../cross-filter-selection.js';
import { escapeHtml } from '../pie/legend.js';
import { findCountry } from './countries.js';
import { NAME_PROPERTY, WORLD_MAP, WORLD_PAINT } from './geo.js';

export interface WorldMapProps {
  width: number;
  height: number;
  echartOptions: Record<string, unknown>;
  empty: boolean;
  /** The country values of the rows that match no country (not drawn). */
  unmatched: string[];
  /**
   * Cross filter on a country (its ISO numeric id), or its clearing when the country is the
   * selected one; only when the chart emits cross filters.
   */
  onCountryClick?: (id: string) => void;
  /** A right click on a country or its bubble (its ISO numeric id): the page's drill menu. */
  onCountryContextMenu?: (id: string, clientX: number, clientY: number) => void;
}

export interface CountryDatum {
  /** ISO numeric id: the region's name. */
  name: string;
  value: number | null;
  country: string;
  /** The row's own country value. */
  entity: unknown;
  m2: number | null;
}

/** Light's land and borders; the component paints them for the page's scheme (`paintWorld`). */
const { land: NO_DATA, border: BORDER } = WORLD_PAINT.light;

type Rgba = { r: number; g: number; b: number; a: number };

function rgbaOf(color: unknown, fallback: Rgba, alphaFactor = 1): string {
  const c = color && typeof color === 'object' ? (color as Partial<Rgba>) : {};
  const n = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  const a = n(c.a, fallback.a) * alphaFactor;
  return `rgba(${n(c.r, fallback.r)},${n(c.g, fallback.g)},${n(c.b, fallback.b)},${a})`;
}

const toNumber = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** Bubble radii: √value scaled linearly from its extent to [1, max] (Superset's). */
export function bubbleRadii(values: Array<number | null>, max: number): Array<number | null> {
  const roots = values.map((v) => (v === null || v < 0 ? null : Math.sqrt(v)));
  const known = roots.filter((r): r is number => r !== null);
  if (!known.length) return roots;
  const lo = Math.min(...known);
  const hi = Math.max(...known);
  return roots.map((r) =>
    r === null ? null : hi === lo ? max : 1 + ((r - lo) / (hi - lo)) * (max - 1),
  );
}

/** A country's drill filters: its row's own value for the country column (Superset: the entity). */
export function worldMapDrill(
  entity: QueryColumn | undefined,
  datum: CountryDatum | undefined,
): DrillFilter[] {
  return datum ? drillFilters([drillFilter(entity, datum.entity, String(datum.entity))]) : [];
}

/** The cross filter on a country: its row's own value for the column, its id as the selection. */
export function worldMapCrossFilter(entity: string, value: unknown, id: string): DataMask {
  return {
    extraFormData: { filters: [{ col: entity, op: 'IN', val: [value] }] },
    filterState: { value: [value], selectedValues: [id] },
  };
}

/**
 * The countries this chart filters the dashboard on (their ISO numeric ids), read back from the
 * cross filter it emits (`filterState.selectedValues`, see `worldMapCrossFilter`), or null when
 * it filters nothing. An ISO alpha-3 code (the key Superset's own map puts there) is taken too.
 */
export function selectedCountries(
  filterState: Record<string, unknown> | undefined,
): string[] | null {
  const values = filterState?.selectedValues;
  if (!Array.isArray(values) || values.length === 0) return null;
  return (values as unknown[]).map((v) => {
    const key = String(v);
    return /^\d+$/.test(key) ? key : (findCountry(key, 'cca3')?.id ?? key);
  });
}

export function transformProps(chartProps: ChartProps<QueryFormData>): WorldMapProps {
  const { width, height, formData, queriesData, hooks } = chartProps;
  const result = queriesData[0];
  if (!result || result.data.length === 0)
    return { width, height, echartOptions: {}, empty: true, unmatched: [] };
  const entity = formData.entity ? getColumnLabel(formData.entity) : '';
  const metric = getMetricLabel(formData.metric as QueryMetric);
  const secondary = formData.secondary_metric
    ? getMetricLabel(formData.secondary_metric as QueryMetric)
    : metric;
  const fieldtype = (formData.country_fieldtype as string | undefined) ?? 'cca2';
  const format = getNumberFormatter(formData.y_axis_format as string | undefined);

  const byId = new Map<string, CountryDatum>();
  const unmatched: string[] = [];
  for (const row of result.data) {
    const country = findCountry(row[entity], fieldtype);
    if (!country) {
      unmatched.push(
        row[entity] === null || row[entity] === undefined ? 'NULL' : String(row[entity]),
      );
      continue;
    }
    // A country named twice keeps its last row (as Superset's map does).
    byId.set(country.id, {
      name: country.id,
      value: toNumber(row[metric]),
      country: country.name,
      entity: row[entity],
      m2: toNumber(row[secondary]),
    });
  }
  const data = [...byId.values()];
  // The countries this chart filters the dashboard on (the others dimmed).
  const selected = selectedCountries(chartProps.filterState);
  const dim = (id: string) => selected !== null && !selected.includes(id);
  const dimmed = { opacity: UNSELECTED_OPACITY };

  const bubbleColor = rgbaOf(formData.color_picker, { r: 0, g: 122, b: 135, a: 1 });
  const byCountry = formData.color_by === 'country';
  const scale = new CategoricalColorScale(
    formData.color_scheme as string | undefined,
    chartProps.labelColors,
  );
  const values = data.map((d) => d.value).filter((v): v is number => v !== null);
  const min = values.length ? Math.min(...values) : 0;
  const max = values.length ? Math.max(...values) : 1;

  const series: Array<Record<string, unknown>> = [
    // The series colour is what the geo gives countries without data (else the palette's).
    { type: 'map', geoIndex: 0, name: metric, itemStyle: { color: NO_DATA }, data },
  ];
  if (formData.show_bubbles === true) {
    const maxSize = Number(formData.max_bubble_size ?? 25) || 25;
    const radii = bubbleRadii(
      data.map((d) => d.m2),
      maxSize,
    );
    series.push({
      type: 'scatter',
      coordinateSystem: 'geo',
      name: secondary,
      z: 3,
      itemStyle: {
        color: rgbaOf(formData.color_picker, { r: 0, g: 122, b: 135, a: 1 }, 0.5),
        borderColor: bubbleColor,
        borderWidth: 1,
      },
      emphasis: { itemStyle: { color: bubbleColor } },
      data: data.flatMap((d, i) => {
        const r = radii[i];
        return r === null || r === undefined
          ? []
          : [
              {
                name: d.name,
                country: d.country,
                value: [0, 0, d.m2],
                symbolSize: r * 2,
                ...(dim(d.name) ? { itemStyle: dimmed } : {}),
              },
            ];
      }),
    });
  }

  const tooltip = {
    trigger: 'item',
    appendToBody: true,
    formatter: (p: { seriesType?: string; data?: { country?: string; value?: unknown } }) => {
      const d = p.data;
      if (!d?.country) return '';
      const v = Array.isArray(d.value) ? (d.value[2] as number | null) : (d.value as number | null);
      return `<strong>${escapeHtml(d.country)}</strong><br/>${format(v)}`;
    },
  };
  const echartOptions: Record<string, unknown> = {
    tooltip,
    geo: {
      map: WORLD_MAP,
      nameProperty: NAME_PROPERTY,
      roam: false,
      left: 10,
      right: 10,
      top: 10,
      // Room under the map for the visual map's bar and the values above it.
      bottom: byCountry ? 10 : 70,
      label: { show: false },
      itemStyle: { areaColor: NO_DATA, borderColor: BORDER, borderWidth: 0.5 },
      emphasis: { label: { show: false }, itemStyle: { areaColor: bubbleColor } },
      select: { disabled: true },
      // The map series is drawn by this geo, whose regions (not the series' items) take styles.
      regions: data.flatMap((d) =>
        byCountry || dim(d.name)
          ? [
              {
                name: d.name,
                itemStyle: {
                  ...(byCountry ? { areaColor: scale.getColor(d.country) } : {}),
                  ...(dim(d.name) ? dimmed : {}),
                },
              },
            ]
          : [],
      ),
    },
    series,
  };
  if (!byCountry)
    echartOptions.visualMap = {
      type: 'continuous',
      seriesIndex: 0,
      min,
      max: max === min ? min + 1 : max,
      calculable: true,
      orient: 'horizontal',
      left: 10,
      bottom: 5,
      inRange: {
        color: sequentialScheme(formData.linear_color_scheme as string | undefined).colors,
      },
      formatter: (v: number) => format(v),
    };

  const emit = chartProps.emitCrossFilters === true && hooks?.setDataMask && entity !== '';
  return {
    width,
    height,
    empty: false,
    echartOptions,
    unmatched,
    ...(hooks?.onContextMenu
      ? {
          onCountryContextMenu: (id: string, x: number, y: number) =>
            hooks.onContextMenu!(
              x,
              y,
              worldMapDrill(formData.entity as QueryColumn | undefined, byId.get(id)),
            ),
        }
      : {}),
    ...(emit
      ? {
          onCountryClick: (id: string) => {
            const d = byId.get(id);
            if (d)
              hooks.setDataMask!(
                selected?.includes(id)
                  ? CLEARED_CROSS_FILTER
                  : worldMapCrossFilter(entity, d.entity, id),
              );
          },
        }
      : {}),
  };
}
