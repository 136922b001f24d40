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

/** Width in px of a 12 px label line (0.6 em a character). */
export function estimateLabelWidth(text: string): number {
  return Math.ceil(text.length * 7.2);
}

/** What an outside label needs beside the pie: leader line (15 + 15), distance, margin. */
const LABEL_ROOM = 45;

/**
 * The pie's radii: the percentages asked for (of half the smaller side), but with outside
 * labels made smaller until the longest label fits beside it — a narrow panel shows whole
 * labels instead of "…" and leader lines to nothing — down to half the asked size at least.
 * Percentages when nothing has to change, pixels otherwise.
 */
export function pieRadius(options: {
  width: number;
  height: number;
  outerPercent: number;
  innerPercent: number;
  labelWidth: number;
}): [string | number, string | number] {
  const { width, height, outerPercent, innerPercent, labelWidth } = options;
  const asked: [string, string] = [`${innerPercent}%`, `${outerPercent}%`];
  if (labelWidth <= 0 || width <= 0 || height <= 0) return asked;
  const half = Math.min(width, height) / 2;
  const outer = (half * outerPercent) / 100;
  // A label longer than 30 % of the width is cut anyway: the pie does not shrink for it.
  const room = Math.min(labelWidth, width * 0.3) + LABEL_ROOM;
  const fits = Math.min(width / 2 - room, height / 2 - 20);
  if (fits >= outer) return asked;
  const shrunk = Math.max(fits, outer * 0.5);
  return [Math.round((shrunk * innerPercent) / outerPercent), Math.round(shrunk)];
}

/** Room the legend takes beside the pie (Superset's default legend padding). */
export function pieLegendPadding(show: boolean, orient: string): Record<string, number> {
  if (!show) return {};
  const room = orient === 'left' || orient === 'right' ? 170 : 20;
  return { [orient]: room };
}

/**
 * The pie's label options as Superset sets them: outside labels placed by ECharts without
 * alignment (`alignTo: 'none'`, 5 px bleed margin), inside ones on the slices.
 */
export function pieLabelOptions(
  outside: boolean,
  show: boolean,
  formatter: (p: { name: string; value: number; percent: number }) => string,
): Record<string, unknown> {
  return outside
    ? { show, formatter, position: 'outer', alignTo: 'none', bleedMargin: 5 }
    : { show, formatter, position: 'inner' };
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
  const labelsOutside = formData.labels_outside !== false;
  const padding: Partial<Record<'top' | 'bottom' | 'left' | 'right', number>> = pieLegendPadding(
    showLegend,
    orient,
  );
  const label = pieLabelOptions(labelsOutside, formData.show_labels !== false, (p) =>
    pieLabel(labelType, p.name, numberFormat(p.value), percentFormat(p.percent / 100)),
  );
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
        ...padding,
        radius: pieRadius({
          width: width - (padding.left ?? 0) - (padding.right ?? 0),
          height: height - (padding.top ?? 0) - (padding.bottom ?? 0),
          outerPercent: outer,
          innerPercent: inner,
          labelWidth:
            labelsOutside && formData.show_labels !== false
              ? Math.max(
                  0,
                  ...data.map((d) =>
                    estimateLabelWidth(
                      pieLabel(
                        labelType,
                        d.name,
                        numberFormat(d.value),
                        percentFormat(total ? d.value / total : 0),
                      ),
                    ),
                  ),
                )
              : 0,
        }),
        center: ['50%', '50%'],
        avoidLabelOverlap: true,
        // Slices under the threshold get neither label nor leader line (an empty label would
        // still draw its line).
        minShowLabelAngle: (Number.isFinite(threshold) ? threshold : 0) * 3.6,
        label,
        labelLine: { show: labelsOutside && formData.label_line === true },
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
