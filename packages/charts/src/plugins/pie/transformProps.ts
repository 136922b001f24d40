/**
 * Pie props: one slice per row (its name the dimension values joined by ", "), labels as the
 * label type says (hidden under the percentage threshold), legend, total in the middle of a
 * donut, colours from the scheme, and cross filters on slice click.
 */
import {
  GenericDataType,
  getColumnLabel,
  getMetricLabel,
  type QueryColumn,
  type QueryMetric,
} from '@strata/core';
import { CategoricalColorScale } from '../../color/scale.js';
import { getNumberFormatter } from '../../format/number-format.js';
import { getTimeFormatter } from '../../format/time-format.js';
import type { ChartProps, DataMask, DrillFilter } from '../../plugin.js';
import { drillFilter, drillFilters } from '../../drill.js';
import { categoryLegend, escapeHtml } from './legend.js';
import {
  CLEARED_CROSS_FILTER,
  isSelectedGroup,
  selectedGroup,
  UNSELECTED_OPACITY,
} from '../../cross-filter-selection.js';

export interface PieProps {
  width: number;
  height: number;
  echartOptions: Record<string, unknown>;
  empty: boolean;
  onSliceClick?: (name: string) => void;
  /** A right click on a slice: the page's drill menu with the slice's dimension values. */
  onSliceContextMenu?: (name: string, clientX: number, clientY: number) => void;
}

/** A slice's label text for a label type. */
export function pieLabel(type: string, name: string, value: string, percent: string): string {
  switch (type) {
    case 'value':
      return value;
    case 'percent':
      return percent;
    case 'key_value':
      return `${name}: ${value}`;
    case 'key_percent':
      return `${name}: ${percent}`;
    case 'key_value_percent':
      return `${name}: ${value} (${percent})`;
    case 'value_percent':
      return `${value} (${percent})`;
    default:
      return name;
  }
}

export function pieCrossFilter(groupby: string[], values: string[]): DataMask {
  return {
    extraFormData: { filters: groupby.map((col, i) => ({ col, op: 'IN', val: [values[i]] })) },
    filterState: { value: [values], selectedValues: [values.join(', ')] },
  };
}

export function transformProps(chartProps: ChartProps): PieProps {
  const { width, height, formData, queriesData, hooks } = chartProps;
  const result = queriesData[0];
  if (!result || result.data.length === 0) return { width, height, echartOptions: {}, empty: true };
  const metric = getMetricLabel(formData.metric as QueryMetric);
  const groupbyColumns = (formData.groupby as QueryColumn[] | undefined) ?? [];
  const groupby = groupbyColumns.map(getColumnLabel);
  const numberFormat = getNumberFormatter(formData.number_format as string | undefined);
  const dateFormat = getTimeFormatter(formData.date_format as string | undefined);
  const temporal = new Set(
    result.colnames.filter((_, i) => result.coltypes[i] === GenericDataType.TEMPORAL),
  );
  const scale = new CategoricalColorScale(
    formData.color_scheme as string | undefined,
    chartProps.labelColors,
  );
  const names: Record<string, string[]> = {};
  const drills: Record<string, DrillFilter[]> = {};
  // The slice this chart filters the dashboard on (the others dimmed).
  const selected = selectedGroup(chartProps.filterState);
  const data = result.data.map((row) => {
    const parts = groupby.map((g) =>
      temporal.has(g) && typeof row[g] === 'number'
        ? dateFormat(row[g] as number)
        : String(row[g] ?? 'NULL'),
    );
    const name = parts.length ? parts.join(', ') : metric;
    names[name] = groupby.map((g) => String(row[g] ?? ''));
    drills[name] = drillFilters(
      groupbyColumns.map((c, i) => drillFilter(c, row[groupby[i]!], parts[i] ?? '')),
    );
    const dim = selected !== null && !isSelectedGroup(names[name], selected);
    return {
      name,
      value: row[metric] as number,
      itemStyle: { color: scale.getColor(name), ...(dim ? { opacity: UNSELECTED_OPACITY } : {}) },
    };
  });
  const total = data.reduce((sum, d) => sum + (typeof d.value === 'number' ? d.value : 0), 0);
  const threshold = Number(formData.show_labels_threshold ?? 5);
  const labelType = (formData.label_type as string) || 'key';
  const percentFormat = getNumberFormatter(',.2%');
  const outer = Number(formData.outerRadius ?? 70);
  const inner = formData.donut ? Number(formData.innerRadius ?? 30) : 0;
  const showLegend = formData.show_legend !== false;
  const orient = (formData.legendOrientation as string) || 'top';
  const label = {
    show: formData.show_labels !== false,
    position: formData.labels_outside !== false ? 'outer' : 'inner',
    formatter: (p: { name: string; value: number; percent: number }) =>
      p.percent < threshold
        ? ''
        : pieLabel(labelType, p.name, numberFormat(p.value), percentFormat(p.percent / 100)),
  };
  const echartOptions: Record<string, unknown> = {
    tooltip: {
      trigger: 'item',
      appendToBody: true,
      formatter: (p: { name: string; value: number; percent: number }) =>
        `${escapeHtml(p.name)}: ${numberFormat(p.value)} (${percentFormat(p.percent / 100)})`,
    },
    legend: categoryLegend(
      formData,
      data.map((d) => d.name),
    ),
    series: [
      {
        type: 'pie',
        radius: [`${inner}%`, `${outer}%`],
        center: ['50%', showLegend && orient === 'top' ? '55%' : '50%'],
        avoidLabelOverlap: true,
        label,
        labelLine: { show: formData.label_line === true },
        data,
      },
    ],
    ...(formData.show_total
      ? {
          graphic: [
            {
              type: 'text',
              left: 'center',
              top: formData.donut ? 'middle' : 0,
              style: { text: `Total: ${numberFormat(total)}`, fontSize: 16, fontWeight: 'bold' },
            },
          ],
        }
      : {}),
  };
  const emit = chartProps.emitCrossFilters === true && hooks?.setDataMask && groupby.length > 0;
  const onContextMenu = hooks?.onContextMenu;
  return {
    width,
    height,
    echartOptions,
    empty: false,
    ...(onContextMenu
      ? {
          onSliceContextMenu: (name: string, x: number, y: number) =>
            onContextMenu(x, y, drills[name] ?? []),
        }
      : {}),
    ...(emit
      ? {
          onSliceClick: (name: string) =>
            hooks.setDataMask!(
              isSelectedGroup(names[name], selected)
                ? CLEARED_CROSS_FILTER
                : pieCrossFilter(groupby, names[name] ?? []),
            ),
        }
      : {}),
  };
}
