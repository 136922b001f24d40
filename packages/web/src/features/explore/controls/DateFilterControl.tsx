/**
 * The time range picker (spec 001 §2): a button with the range; the "Edit time range" popover
 * (600 px) with the range types Last, Previous, Custom (as start : end text here), Advanced and
 * No filter; the "Actual time range" preview checked by the server (debounced); APPLY disabled
 * while the range is invalid; CANCEL reverts the draft.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Divider, Flex, Input, Popover, Radio, Select, Typography } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { risonEncode, timeRangeFrameOf, type TimeRangeFrame } from '@strata/core';
import { api, errorMessage, isAbortError } from '../../../app/api';
import type { ControlProps } from './types';

const LAST = ['Last day', 'Last week', 'Last month', 'Last quarter', 'Last year'];
const PREVIOUS = ['previous calendar week', 'previous calendar month', 'previous calendar year'];
const FRAMES: Array<[TimeRangeFrame, string]> = [
  ['Common', 'Last'],
  ['Calendar', 'Previous'],
  ['Custom', 'Custom'],
  ['Advanced', 'Advanced'],
  ['No filter', 'No filter'],
];

interface Preview {
  since: string;
  until: string;
}

/** `GET /api/v1/time_range/?q=…` with a debounce; the actual range or the server's message. */
function useRangePreview(range: string): {
  preview: Preview | null;
  error: string | null;
  loading: boolean;
} {
  const [state, setState] = useState<{
    preview: Preview | null;
    error: string | null;
    loading: boolean;
  }>({
    preview: null,
    error: null,
    loading: true,
  });
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      api
        .get<{ result: Preview[] | Preview }>(
          `/api/v1/time_range/?q=${encodeURIComponent(risonEncode(range))}`,
          {
            signal: controller.signal,
          },
        )
        .then((r) => {
          const p = Array.isArray(r.result) ? r.result[0] : r.result;
          setState({ preview: p ?? null, error: null, loading: false });
        })
        .catch((e: unknown) => {
          if (!isAbortError(e)) setState({ preview: null, error: errorMessage(e), loading: false });
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [range]);
  return state;
}

function RangeEditor({
  value,
  onApply,
  onCancel,
}: {
  value: string;
  onApply: (v: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(value);
  const [frame, setFrame] = useState<TimeRangeFrame>(() => timeRangeFrameOf(value, new Date()));
  const { preview, error, loading } = useRangePreview(draft);
  const [start, end] = draft.includes(' : ') ? draft.split(' : ') : [draft, ''];
  const chooseFrame = (f: TimeRangeFrame) => {
    setFrame(f);
    if (f === 'No filter') setDraft('No filter');
    else if (f === 'Common' && !LAST.includes(draft)) setDraft('Last week');
    else if (f === 'Calendar' && !PREVIOUS.includes(draft)) setDraft('previous calendar week');
    else if ((f === 'Custom' || f === 'Advanced') && !draft.includes(' : '))
      setDraft('DATEADD(DATETIME("today"), -7, day) : today');
  };
  return (
    <div style={{ width: 600 }} data-test="time-range-editor">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Edit time range
      </Typography.Title>
      <Flex gap={16}>
        <div style={{ width: 272 }}>
          <Typography.Text strong>Range type</Typography.Text>
          <Select
            size="small"
            style={{ width: '100%', marginTop: 4 }}
            aria-label="Range type"
            value={frame}
            options={FRAMES.map(([v, label]) => ({ value: v, label }))}
            onChange={chooseFrame}
          />
          <div style={{ marginTop: 12 }}>
            {frame === 'Common' ? (
              <Radio.Group value={draft} onChange={(e) => setDraft(e.target.value as string)}>
                <Flex vertical gap={4}>
                  {LAST.map((l) => (
                    <Radio key={l} value={l}>
                      {l.replace('Last', 'last')}
                    </Radio>
                  ))}
                </Flex>
              </Radio.Group>
            ) : null}
            {frame === 'Calendar' ? (
              <Radio.Group value={draft} onChange={(e) => setDraft(e.target.value as string)}>
                <Flex vertical gap={4}>
                  {PREVIOUS.map((l) => (
                    <Radio key={l} value={l}>
                      {l}
                    </Radio>
                  ))}
                </Flex>
              </Radio.Group>
            ) : null}
            {frame === 'Custom' || frame === 'Advanced' ? (
              <Flex vertical gap={8}>
                <div>
                  <Typography.Text type="secondary">START (INCLUSIVE)</Typography.Text>
                  <Input
                    size="small"
                    aria-label="Start"
                    value={start}
                    onChange={(e) => setDraft(`${e.target.value} : ${end ?? ''}`)}
                  />
                </div>
                <div>
                  <Typography.Text type="secondary">END (EXCLUSIVE)</Typography.Text>
                  <Input
                    size="small"
                    aria-label="End"
                    value={end}
                    onChange={(e) => setDraft(`${start ?? ''} : ${e.target.value}`)}
                  />
                </div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  ISO dates, now, today, "7 days ago", or DATETIME, DATEADD, DATETRUNC, LASTDAY and
                  HOLIDAY.
                </Typography.Text>
              </Flex>
            ) : null}
          </div>
        </div>
        <div style={{ flex: 1 }}>
          <Typography.Text strong>Actual time range</Typography.Text>
          <div style={{ marginTop: 8 }} data-test="time-range-preview">
            {error ? (
              <Alert type="error" showIcon message={error} />
            ) : preview ? (
              <Typography.Text>
                {(preview.since || '-∞') + ' ≤ col < ' + (preview.until || '∞')}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">…</Typography.Text>
            )}
          </div>
        </div>
      </Flex>
      <Divider style={{ margin: '12px 0' }} />
      <Flex justify="end" gap={8}>
        <Button size="small" onClick={onCancel}>
          CANCEL
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={!!error || loading}
          onClick={() => onApply(draft)}
        >
          APPLY
        </Button>
      </Flex>
    </div>
  );
}

export function DateFilterControl({ control, onChange }: ControlProps) {
  const [open, setOpen] = useState(false);
  const value = typeof control.value === 'string' && control.value ? control.value : 'No filter';
  return (
    <Popover
      open={open}
      trigger="click"
      destroyOnHidden
      placement="right"
      onOpenChange={setOpen}
      content={
        <RangeEditor
          value={value}
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
        style={{ textAlign: 'left' }}
        aria-label={control.label}
      >
        {value}
      </Button>
    </Popover>
  );
}
