import { describe, expect, it } from 'vitest';
import { isDuplicateKeyError } from './scheduler.js';
import {
  builtInSchedules,
  checkSchedule,
  cronOf,
  DEFAULT_PURGE_CRON,
  MAINTENANCE_SCHEDULE,
  nextTick,
  tickJobId,
} from './schedules.js';

describe('built-in schedules', () => {
  it('purge hourly by default, or on the given pattern', () => {
    expect(builtInSchedules()).toEqual([
      { name: MAINTENANCE_SCHEDULE, cron: '0 * * * *', timezone: 'UTC', job: 'maintenance.purge' },
      { name: 'reports.prune', cron: '0 0 * * *', timezone: 'UTC', job: 'reports.prune' },
    ]);
    expect(DEFAULT_PURGE_CRON).toBe('0 * * * *');
    expect(builtInSchedules({ purgeCron: '*/5 * * * *' })[0]!.cron).toBe('*/5 * * * *');
  });
  it('refuse an invalid pattern or time zone with a clear error', () => {
    expect(() => builtInSchedules({ purgeCron: 'every hour' })).toThrow(
      /Invalid schedule maintenance.purge \("every hour" in UTC\)/,
    );
    expect(() => builtInSchedules({ timezone: 'Mars/Olympus' })).toThrow(/Invalid schedule/);
    expect(() => builtInSchedules({ purgeCron: '* * * * * * *' })).toThrow(/Invalid schedule/);
    expect(() =>
      checkSchedule({ name: 'a b', cron: '* * * * *', timezone: 'UTC', job: 'maintenance.purge' }),
    ).toThrow(/Invalid schedule name/);
  });
});

describe('ticks', () => {
  it('are the planned times, strictly after the given time, with seconds when given', () => {
    const hourly = cronOf({ cron: '0 * * * *', timezone: 'UTC' });
    const t = Date.UTC(2026, 0, 1, 10, 15, 30, 250);
    expect(nextTick(hourly, t)).toBe(Date.UTC(2026, 0, 1, 11));
    expect(nextTick(hourly, Date.UTC(2026, 0, 1, 11))).toBe(Date.UTC(2026, 0, 1, 12));
    const everySecond = cronOf({ cron: '* * * * * *', timezone: 'UTC' });
    expect(nextTick(everySecond, t)).toBe(Date.UTC(2026, 0, 1, 10, 15, 31));
    expect(nextTick(everySecond, t + 750)).toBe(Date.UTC(2026, 0, 1, 10, 15, 32));
  });
  it('follow the time zone', () => {
    const daily = cronOf({ cron: '0 9 * * *', timezone: 'Europe/Paris' });
    expect(nextTick(daily, Date.UTC(2026, 6, 1, 0))).toBe(Date.UTC(2026, 6, 1, 7));
  });
  it('name their job after the schedule', () => {
    expect(tickJobId('maintenance.purge', 1700000000000)).toBe('maintenance.purge:1700000000000');
  });
});

describe('isDuplicateKeyError', () => {
  it('knows both dialects', () => {
    expect(isDuplicateKeyError({ code: '23505' })).toBe(true);
    expect(isDuplicateKeyError({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' })).toBe(true);
    expect(isDuplicateKeyError({ code: '23503' })).toBe(false);
    expect(isDuplicateKeyError(new Error('x'))).toBe(false);
    expect(isDuplicateKeyError(null)).toBe(false);
  });
});
