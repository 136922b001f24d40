import { describe, expect, it } from 'vitest';
import {
  CRON_FIELD_COUNT_MESSAGE,
  CRON_UNITS,
  cronError,
  cronList,
  cronToSchedule,
  defaultSchedule,
  describeCron,
  ordinal,
  scheduleSentence,
  scheduleToCron,
  type CronSchedule,
} from './cron';

const at = (unit: CronSchedule['unit'], more: Partial<CronSchedule> = {}): CronSchedule => ({
  ...defaultSchedule(unit),
  ...more,
});

describe('scheduleToCron', () => {
  it('writes each unit', () => {
    expect(scheduleToCron(at('minute'))).toBe('* * * * *');
    expect(scheduleToCron(at('hour', { minute: 15 }))).toBe('15 * * * *');
    expect(scheduleToCron(at('day', { hour: 9, minute: 0 }))).toBe('0 9 * * *');
    expect(scheduleToCron(at('week', { hour: 8, minute: 30, weekDays: [5, 1] }))).toBe(
      '30 8 * * 1,5',
    );
    expect(scheduleToCron(at('month', { hour: 7, monthDays: [15, 1] }))).toBe('0 7 1,15 * *');
    expect(scheduleToCron(at('year', { hour: 6, monthDays: [1], months: [7, 1] }))).toBe(
      '0 6 1 1,7 *',
    );
  });

  it('falls back to Monday and the 1st when no day is chosen', () => {
    expect(scheduleToCron(at('week', { weekDays: [] }))).toBe('0 0 * * 1');
    expect(scheduleToCron(at('month', { monthDays: [] }))).toBe('0 0 1 * *');
    expect(scheduleToCron(at('year', { monthDays: [], months: [] }))).toBe('0 0 1 1 *');
  });

  it('writes runs of three or more as ranges', () => {
    expect(cronList([1, 2, 3, 4, 5])).toBe('1-5');
    expect(cronList([5, 1, 2, 1])).toBe('1,2,5');
    expect(cronList([0, 1, 2, 4, 5, 6])).toBe('0-2,4-6');
    expect(scheduleToCron(at('week', { hour: 9, weekDays: [1, 2, 3, 4, 5] }))).toBe('0 9 * * 1-5');
  });
});

describe('cronToSchedule', () => {
  it('reads back what the builder writes, for every unit', () => {
    const samples: CronSchedule[] = [
      at('minute'),
      at('hour', { minute: 45 }),
      at('day', { hour: 23, minute: 59 }),
      at('week', { hour: 9, weekDays: [0, 3, 6] }),
      at('month', { hour: 12, monthDays: [1, 15, 31] }),
      at('year', { hour: 1, minute: 2, monthDays: [29], months: [2, 3, 4] }),
    ];
    for (const s of samples) {
      const back = cronToSchedule(scheduleToCron(s));
      expect(back?.unit).toBe(s.unit);
      expect(back && scheduleToCron(back)).toBe(scheduleToCron(s));
    }
    expect(CRON_UNITS).toHaveLength(samples.length);
  });

  it('reads names, ranges, extra spaces and Sunday as 7', () => {
    expect(cronToSchedule('  0  9 * *  MON-FRI ')).toMatchObject({
      unit: 'week',
      hour: 9,
      weekDays: [1, 2, 3, 4, 5],
    });
    expect(cronToSchedule('30 6 * * 7')).toMatchObject({ unit: 'week', weekDays: [0] });
    expect(cronToSchedule('0 0 1 jan,jul *')).toMatchObject({ unit: 'year', months: [1, 7] });
  });

  it('leaves what the builder cannot show as custom (null)', () => {
    for (const cron of [
      '*/5 * * * *',
      '0 9,17 * * *',
      '0 9 1 * 1',
      '0 * 1 * *',
      '0 9 * 1 *',
      '* 9 * * *',
      '0 24 * * *',
      '0 9 32 * *',
      '0 9 * * 8',
      '0 9 * * 5-1',
      '0 9 * *',
      '0 0 9 * * *',
      '',
      'every day',
    ]) {
      expect(cronToSchedule(cron), cron).toBeNull();
    }
  });
});

describe('scheduleSentence', () => {
  it('says the schedule in words', () => {
    expect(scheduleSentence(at('minute'))).toBe('Every minute');
    expect(scheduleSentence(at('hour', { minute: 5 }))).toBe('Every hour at minute 5');
    expect(scheduleSentence(at('day', { hour: 9, minute: 0 }))).toBe('Every day at 09:00');
    expect(scheduleSentence(at('week', { hour: 8, minute: 30, weekDays: [5, 1] }))).toBe(
      'Every week on Monday and Friday at 08:30',
    );
    expect(scheduleSentence(at('month', { hour: 7, monthDays: [1, 2, 3, 22] }))).toBe(
      'Every month on the 1st, 2nd, 3rd and 22nd at 07:00',
    );
    expect(scheduleSentence(at('year', { monthDays: [11], months: [1, 12] }))).toBe(
      'Every year on the 11th of January and December at 00:00',
    );
  });

  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
    ]);
  });
});

describe('cronError and describeCron', () => {
  it('accepts a valid five-field cron and describes it as the server does', () => {
    expect(cronError('0 9 * * *')).toBeNull();
    expect(describeCron('0 9 * * *')).toBe('At 09:00 AM');
    expect(describeCron('*/5 * * * *')).toBe('Every 5 minutes');
  });

  it('says what is wrong', () => {
    expect(cronError('  ')).toBe('Enter a schedule.');
    expect(cronError('0 9 * *')).toBe(CRON_FIELD_COUNT_MESSAGE);
    expect(cronError('0 0 9 * * *')).toBe(CRON_FIELD_COUNT_MESSAGE);
    expect(cronError('0 25 * * *')).toMatch(/^Invalid CRON expression: .*23/);
    expect(describeCron('0 25 * * *')).toBeNull();
  });
});
