import { Select } from 'antd';
import { queryLimitOptions } from './format';

export interface QueryLimitSelectProps {
  value: number;
  /** The configured maximum (SQL_MAX_ROW): no choice above it. */
  maxRow: number;
  onChange: (n: number) => void;
  /** Added: size of the control (default 'middle'). */
  size?: 'small' | 'middle';
  disabled?: boolean;
}

/** The row limit of the tab's queries: "Limit 1,000". */
export function QueryLimitSelect({
  value,
  maxRow,
  onChange,
  size = 'middle',
  disabled = false,
}: QueryLimitSelectProps) {
  return (
    <Select<number>
      aria-label="Row limit"
      prefix="Limit"
      size={size}
      value={value}
      options={queryLimitOptions(value, maxRow)}
      onChange={onChange}
      disabled={disabled}
      popupMatchSelectWidth={false}
      style={{ minWidth: 130 }}
    />
  );
}
