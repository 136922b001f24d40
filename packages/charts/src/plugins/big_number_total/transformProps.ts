import { getMetricLabel, GenericDataType, type QueryMetric } from '@strata/core';
import type { ChartProps } from '../../plugin.js';
import { getNumberFormatter } from '../../format/number-format.js';
import { getTimeFormatter } from '../../format/time-format.js';

export interface BigNumberTotalProps {
  width: number;
  height: number;
  /** The formatted value, or null when the query returned no row. */
  text: string | null;
  value: number | null;
  subheader: string;
  headerFontSize: number;
  subheaderFontSize: number;
  /** A right click on the number: the page's drill menu, without filters (Superset's). */
  onNumberContextMenu?: (clientX: number, clientY: number) => void;
}

export function transformProps(chartProps: ChartProps): BigNumberTotalProps {
  const { width, height, formData, queriesData, hooks } = chartProps;
  const label = formData.metric ? getMetricLabel(formData.metric as QueryMetric) : '';
  const result = queriesData[0];
  const raw = result?.data[0]?.[label];
  const value = raw === null || raw === undefined ? null : Number(raw);
  const index = result?.colnames.indexOf(label) ?? -1;
  const temporal =
    formData.force_timestamp_formatting === true ||
    (index >= 0 && result?.coltypes[index] === GenericDataType.TEMPORAL);
  let text: string | null = null;
  if (value !== null && !Number.isNaN(value)) {
    text = temporal
      ? getTimeFormatter(formData.x_axis_time_format as string | undefined)(value)
      : getNumberFormatter(formData.y_axis_format as string | undefined)(value);
  }
  const onContextMenu = hooks?.onContextMenu;
  return {
    width,
    height,
    ...(onContextMenu
      ? { onNumberContextMenu: (x: number, y: number) => onContextMenu(x, y, []) }
      : {}),
    text,
    value: value !== null && Number.isNaN(value) ? null : value,
    subheader: typeof formData.subheader === 'string' ? formData.subheader : '',
    headerFontSize: Number(formData.header_font_size ?? 0.4),
    subheaderFontSize: Number(formData.subheader_font_size ?? 0.15),
  };
}
