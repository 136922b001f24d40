/**
 * The time range control of Explore and of dashboard time filters: the picker of
 * `./timeRange/` (spec 001 §2) given the control's value. Import `TimeRangePicker` from
 * `./timeRange` where a form holds a plain value and onChange.
 */
import { TimeRangePicker } from './timeRange';
import type { ControlProps } from './types';

export { TimeRangePicker, type TimeRangePickerProps } from './timeRange';

export function DateFilterControl({ control, onChange }: ControlProps) {
  const value = typeof control.value === 'string' && control.value ? control.value : 'No filter';
  return <TimeRangePicker value={value} label={control.label} onChange={onChange} />;
}
