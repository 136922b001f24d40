/**
 * The "Edit time range" popover content (spec 001 §2, §4): the range type (Last, Previous,
 * Custom, Advanced, No filter), its form, the "Actual time range" checked by the server
 * (debounced), CANCEL (reverts the draft) and APPLY (disabled while the range is invalid).
 */
import { useState } from 'react';
import { Alert, Button, Divider, Flex, Radio, Select, Typography } from 'antd';
import { AdvancedFrame } from './AdvancedFrame';
import { CustomFrame } from './CustomFrame';
import {
  FRAME_OPTIONS,
  LAST_OPTIONS,
  PREVIOUS_OPTIONS,
  frameOf,
  valueForFrame,
  type TimeRangeFrame,
} from './model';
import { useRangePreview } from './useRangePreview';

function RadioList({
  value,
  options,
  onChange,
  test,
}: {
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (v: string) => void;
  test: string;
}) {
  return (
    <Radio.Group value={value} onChange={(e) => onChange(e.target.value as string)}>
      <Flex vertical gap={4} data-test={test}>
        {options.map((o) => (
          <Radio key={o.value} value={o.value}>
            {o.label}
          </Radio>
        ))}
      </Flex>
    </Radio.Group>
  );
}

export function TimeRangeEditor({
  value,
  onApply,
  onCancel,
}: {
  value: string;
  onApply: (v: string) => void;
  onCancel: () => void;
}) {
  // One "now" per opening: the Custom form's defaults and midnight do not move while editing.
  const [now] = useState(() => new Date());
  const [draft, setDraft] = useState(value);
  const [frame, setFrame] = useState<TimeRangeFrame>(() => frameOf(value, now));
  const { text, error, loading } = useRangePreview(draft);
  const chooseFrame = (f: TimeRangeFrame) => {
    setFrame(f);
    setDraft(valueForFrame(f, draft, now));
  };
  return (
    <div style={{ width: 600 }} data-test="time-range-editor">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Edit time range
      </Typography.Title>
      <Typography.Text strong>Range type</Typography.Text>
      <div style={{ marginTop: 4, marginBottom: 12 }}>
        <Select
          size="small"
          style={{ width: 272 }}
          aria-label="Range type"
          value={frame}
          options={FRAME_OPTIONS.map((o) => ({ ...o }))}
          onChange={chooseFrame}
        />
      </div>
      {frame === 'Common' ? (
        <RadioList value={draft} options={LAST_OPTIONS} onChange={setDraft} test="common-frame" />
      ) : null}
      {frame === 'Calendar' ? (
        <RadioList
          value={draft}
          options={PREVIOUS_OPTIONS}
          onChange={setDraft}
          test="calendar-frame"
        />
      ) : null}
      {frame === 'Custom' ? <CustomFrame value={draft} now={now} onChange={setDraft} /> : null}
      {frame === 'Advanced' ? <AdvancedFrame value={draft} onChange={setDraft} /> : null}
      <Divider style={{ margin: '12px 0' }} />
      <Typography.Text strong>Actual time range</Typography.Text>
      <div style={{ marginTop: 6 }} data-test="time-range-preview">
        {error ? (
          <Alert type="error" showIcon title={error} />
        ) : text && !loading ? (
          <Typography.Text>{text}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">…</Typography.Text>
        )}
      </div>
      <Divider style={{ margin: '12px 0' }} />
      <Flex justify="end" gap={8}>
        <Button size="small" onClick={onCancel} data-test="cancel-button">
          CANCEL
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={!!error || loading}
          onClick={() => onApply(draft)}
          data-test="date-filter-control__apply-button"
        >
          APPLY
        </Button>
      </Flex>
    </div>
  );
}
