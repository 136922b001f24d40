/**
 * The time range picker (spec 001 §2): a button showing the value that opens the "Edit time
 * range" popover. Props are the value and onChange only, so any form can hold it (Explore's
 * time range, dashboard time filters, the adhoc filter editor's temporal columns).
 */
import { useState } from 'react';
import { Button, Popover } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { NO_TIME_RANGE } from '@strata/core';
import { TimeRangeEditor } from './TimeRangeEditor';

export interface TimeRangePickerProps {
  /** A time range string; empty or missing means No filter. */
  value: string | null | undefined;
  onChange: (value: string) => void;
  /** The trigger button's accessible name. */
  label?: string;
}

export function TimeRangePicker({ value, onChange, label = 'Time range' }: TimeRangePickerProps) {
  const [open, setOpen] = useState(false);
  const shown = value ? value : NO_TIME_RANGE;
  return (
    <Popover
      open={open}
      trigger="click"
      destroyOnHidden
      placement="right"
      onOpenChange={setOpen}
      content={
        <TimeRangeEditor
          value={shown}
          onCancel={() => setOpen(false)}
          onApply={(v) => {
            onChange(v);
            setOpen(false);
          }}
        />
      }
    >
      <Button
        size="small"
        icon={<CalendarOutlined />}
        block
        style={{ justifyContent: 'flex-start' }}
        aria-label={label}
        title={shown}
        data-test="time-range-trigger"
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {shown}
        </span>
      </Button>
    </Popover>
  );
}
