import { describe, expect, it } from 'vitest';
import { queryDuration, queryStatus, toTimestamp } from './queryHistory';

describe('query history helpers', () => {
  it('reads epoch milliseconds and ISO text', () => {
    expect(toTimestamp(1700000000000)).toBe(1700000000000);
    expect(toTimestamp('1700000000000.5')).toBe(1700000000000.5);
    expect(toTimestamp('2024-01-01T00:00:00Z')).toBe(Date.UTC(2024, 0, 1));
    expect(toTimestamp(null)).toBe(null);
    expect(toTimestamp('nonsense')).toBe(null);
  });

  it('formats durations', () => {
    expect(queryDuration(1000, 1234)).toBe('00:00:00.234');
    expect(queryDuration(0, 3_723_045)).toBe('01:02:03.045');
    expect(queryDuration(5, null)).toBe('');
    expect(queryDuration(10, 5)).toBe('');
  });

  it('labels statuses', () => {
    expect(queryStatus('timed_out')).toEqual({
      value: 'timed_out',
      label: 'Timed out',
      color: 'red',
    });
    expect(queryStatus('weird')).toEqual({ label: 'weird', color: 'default' });
  });
});
