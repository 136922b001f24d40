import { describe, expect, it } from 'vitest';
import { durationText, logUserName, timeSinceOptions } from './timeFilter';

describe('action log helpers', () => {
  it('counts the time choices back from the given moment', () => {
    const now = new Date('2026-11-28T12:00:00.000Z');
    expect(timeSinceOptions(now)).toEqual([
      { label: 'Last hour', value: '2026-11-28T11:00:00.000Z' },
      { label: 'Last 24 hours', value: '2026-11-27T12:00:00.000Z' },
      { label: 'Last 7 days', value: '2026-11-21T12:00:00.000Z' },
      { label: 'Last 30 days', value: '2026-10-29T12:00:00.000Z' },
    ]);
  });

  it('names the user and writes durations', () => {
    expect(logUserName({ username: 'ada', first_name: 'Ada', last_name: 'L' })).toBe('Ada L');
    expect(logUserName({ username: 'bob', first_name: '', last_name: '' })).toBe('bob');
    expect(logUserName(null)).toBe('');
    expect(durationText(850)).toBe('850 ms');
    expect(durationText(2400)).toBe('2.4 s');
    expect(durationText(null)).toBe('');
  });
});
