import { useId } from 'react';
import type { ReactNode } from 'react';
import { Flex, Form, Input, InputNumber, TimePicker, Typography } from 'antd';
import { Select } from '../../../components/Select';
import dayjs from 'dayjs';
import {
  CRON_UNITS,
  MONTH_NAMES,
  WEEKDAY_NAMES,
  cronError,
  cronToSchedule,
  defaultSchedule,
  describeCron,
  scheduleSentence,
  scheduleToCron,
} from '../cron';
import type { CronSchedule, CronUnit } from '../cron';

const UNIT_OPTIONS = CRON_UNITS.map((u) => ({ value: u, label: u }));
const WEEKDAY_OPTIONS = [1, 2, 3, 4, 5, 6, 0].map((d) => ({
  value: d,
  label: WEEKDAY_NAMES[d] as string,
}));
const MONTH_OPTIONS = MONTH_NAMES.map((m, i) => ({ value: i + 1, label: m }));
const DAY_OPTIONS = Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: String(i + 1) }));

/** A word and its control, kept on one line when the row wraps. */
const Part = ({ word, children, grow }: { word: string; children: ReactNode; grow?: boolean }) => (
  <Flex align="center" gap={8} style={grow ? { flex: '1 1 220px', minWidth: 0 } : undefined}>
    <Typography.Text style={{ whiteSpace: 'nowrap' }}>{word}</Typography.Text>
    {children}
  </Flex>
);

/**
 * The schedule: a builder in words ("Every [day] at [09:00] on [Monday]") writing the cron, the
 * cron itself ("CRON Schedule"), and what cronstrue reads in it. The cron is the one value: the
 * builder shows it whenever it can, and says "custom" otherwise.
 */
export function SchedulePicker({
  id,
  value,
  onChange,
  error,
}: {
  /** The id of the CRON text field (for its label). */
  id: string;
  value: string;
  onChange: (cron: string) => void;
  error?: string;
}) {
  const base = useId();
  const schedule = cronToSchedule(value);
  const set = (next: CronSchedule) => onChange(scheduleToCron(next));
  const change = (part: Partial<CronSchedule>) =>
    set({ ...(schedule ?? defaultSchedule()), ...part });
  const unit = schedule?.unit;
  const description = describeCron(value);
  // Feedback while typing; the form's own check (or the server's) wins.
  const shownError = error ?? (value.trim() ? cronError(value) : null);
  const atTime = unit && unit !== 'minute' && unit !== 'hour';

  return (
    <div data-test="schedule-picker">
      <Form.Item label="Frequency" required style={{ marginBottom: 16 }}>
        <Flex align="center" gap={8} wrap>
          <Part word="Every">
            <Select<CronUnit>
              aria-label="Repeat every"
              value={unit}
              placeholder="custom"
              options={UNIT_OPTIONS}
              onChange={(u) => set({ ...defaultSchedule(u), ...(schedule ? pick(schedule) : {}) })}
              style={{ width: 110 }}
            />
          </Part>
          {unit === 'hour' && schedule ? (
            <Part word="at minute">
              <InputNumber
                aria-label="Minute"
                min={0}
                max={59}
                precision={0}
                value={schedule.minute}
                onChange={(m) => change({ minute: typeof m === 'number' ? m : 0 })}
                style={{ width: 72 }}
              />
            </Part>
          ) : null}
          {atTime && schedule ? (
            <Part word="at">
              <TimePicker
                id={`${base}-time`}
                aria-label="Time"
                format="HH:mm"
                needConfirm={false}
                allowClear={false}
                value={dayjs().hour(schedule.hour).minute(schedule.minute).second(0)}
                onChange={(t) => {
                  if (t) change({ hour: t.hour(), minute: t.minute() });
                }}
                style={{ width: 96 }}
              />
            </Part>
          ) : null}
          {unit === 'week' && schedule ? (
            <Part word="on" grow>
              <Select<number[]>
                aria-label="Days of the week"
                mode="multiple"
                value={schedule.weekDays}
                options={WEEKDAY_OPTIONS}
                onChange={(days) => change({ weekDays: days })}
                style={{ flex: 1, minWidth: 0 }}
              />
            </Part>
          ) : null}
          {(unit === 'month' || unit === 'year') && schedule ? (
            <Part word="on day" grow>
              <Select<number[]>
                aria-label="Days of the month"
                mode="multiple"
                value={schedule.monthDays}
                options={DAY_OPTIONS}
                onChange={(days) => change({ monthDays: days })}
                style={{ flex: 1, minWidth: 0 }}
              />
            </Part>
          ) : null}
          {unit === 'year' && schedule ? (
            <Part word="of" grow>
              <Select<number[]>
                aria-label="Months"
                mode="multiple"
                value={schedule.months}
                options={MONTH_OPTIONS}
                onChange={(months) => change({ months })}
                style={{ flex: 1, minWidth: 0 }}
              />
            </Part>
          ) : null}
        </Flex>
        <Typography.Text
          data-test="schedule-sentence"
          type={schedule ? undefined : 'secondary'}
          style={{ display: 'block', marginTop: 8 }}
        >
          {schedule
            ? scheduleSentence(schedule)
            : 'A custom schedule: the picker cannot show it, edit the CRON expression below.'}
        </Typography.Text>
      </Form.Item>
      <Form.Item
        label="CRON Schedule"
        htmlFor={id}
        required
        validateStatus={shownError ? 'error' : undefined}
        help={shownError ?? undefined}
        extra={shownError ? undefined : (description ?? undefined)}
        style={{ marginBottom: 16 }}
      >
        <Input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder="0 9 * * *"
          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
          spellCheck={false}
        />
      </Form.Item>
    </div>
  );
}

/** What carries over when the unit changes: the time of day. */
function pick(s: CronSchedule): Partial<CronSchedule> {
  return { minute: s.minute, hour: s.hour };
}
