import { useId } from 'react';
import { Flex, Input, InputNumber, Select, TimePicker, Typography } from 'antd';
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

const Word = ({ children }: { children: string }) => (
  <Typography.Text style={{ whiteSpace: 'nowrap' }}>{children}</Typography.Text>
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
    <Flex vertical gap={8} data-test="schedule-picker">
      <Flex align="center" gap={8} wrap>
        <Word>Every</Word>
        <Select<CronUnit>
          aria-label="Repeat every"
          value={unit}
          placeholder="custom"
          options={UNIT_OPTIONS}
          onChange={(u) => set({ ...defaultSchedule(u), ...(schedule ? pick(schedule) : {}) })}
          style={{ width: 110 }}
        />
        {unit === 'hour' ? (
          <>
            <Word>at minute</Word>
            <InputNumber
              aria-label="Minute"
              min={0}
              max={59}
              precision={0}
              value={schedule?.minute}
              onChange={(m) => change({ minute: typeof m === 'number' ? m : 0 })}
              style={{ width: 72 }}
            />
          </>
        ) : null}
        {atTime && schedule ? (
          <>
            <Word>at</Word>
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
          </>
        ) : null}
        {unit === 'week' && schedule ? (
          <>
            <Word>on</Word>
            <Select<number[]>
              aria-label="Days of the week"
              mode="multiple"
              value={schedule.weekDays}
              options={WEEKDAY_OPTIONS}
              onChange={(days) => change({ weekDays: days })}
              style={{ minWidth: 180, flex: 1 }}
            />
          </>
        ) : null}
        {(unit === 'month' || unit === 'year') && schedule ? (
          <>
            <Word>on day</Word>
            <Select<number[]>
              aria-label="Days of the month"
              mode="multiple"
              value={schedule.monthDays}
              options={DAY_OPTIONS}
              onChange={(days) => change({ monthDays: days })}
              style={{ minWidth: 120, flex: 1 }}
            />
          </>
        ) : null}
        {unit === 'year' && schedule ? (
          <>
            <Word>of</Word>
            <Select<number[]>
              aria-label="Months"
              mode="multiple"
              value={schedule.months}
              options={MONTH_OPTIONS}
              onChange={(months) => change({ months })}
              style={{ minWidth: 160, flex: 1 }}
            />
          </>
        ) : null}
      </Flex>
      <Typography.Text data-test="schedule-sentence" type={schedule ? undefined : 'secondary'}>
        {schedule
          ? scheduleSentence(schedule)
          : 'A custom schedule: the picker cannot show it, edit the CRON expression below.'}
      </Typography.Text>
      <label htmlFor={id}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          CRON Schedule
        </Typography.Text>
      </label>
      <Input
        id={id}
        value={value}
        status={shownError ? 'error' : undefined}
        onChange={(e) => onChange(e.target.value)}
        placeholder="0 9 * * *"
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
        spellCheck={false}
      />
      {shownError ? (
        <Typography.Text type="danger" data-test="cron-error">
          {shownError}
        </Typography.Text>
      ) : description ? (
        <Typography.Text type="secondary" data-test="cron-description">
          {description}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** What carries over when the unit changes: the time of day. */
function pick(s: CronSchedule): Partial<CronSchedule> {
  return { minute: s.minute, hour: s.hour };
}
