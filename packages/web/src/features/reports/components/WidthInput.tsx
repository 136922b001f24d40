import { InputNumber } from 'antd';
import { REPORT_MAX_CUSTOM_WIDTH, REPORT_MIN_CUSTOM_WIDTH } from '@strata/core';

/** A report's screenshot width in pixels (`custom_width`); null: the default width. */
export function WidthInput({
  id,
  value,
  onChange,
}: {
  id: string;
  value: number | null;
  onChange: (width: number | null) => void;
}) {
  return (
    <InputNumber
      id={id}
      min={REPORT_MIN_CUSTOM_WIDTH}
      max={REPORT_MAX_CUSTOM_WIDTH}
      precision={0}
      placeholder="Input custom width in pixels"
      value={value}
      onChange={(w) => onChange(typeof w === 'number' ? w : null)}
      suffix="px"
      style={{ width: 240 }}
    />
  );
}
