import { describe, expect, it } from 'vitest';
import { knownTimezones, offsetMinutes, timezoneOptions, zoneOffsetText } from './timezones';

describe('time zones', () => {
  const winter = new Date('2026-01-15T12:00:00Z');
  const summer = new Date('2026-07-15T12:00:00Z');

  it('reads offsets', () => {
    expect(offsetMinutes('GMT')).toBe(0);
    expect(offsetMinutes('GMT+05:30')).toBe(330);
    expect(offsetMinutes('GMT-03:00')).toBe(-180);
    expect(offsetMinutes('GMT+1')).toBe(60);
    expect(offsetMinutes('CET')).toBeNull();
  });

  it("gives a zone's offset at a date, daylight saving included", () => {
    expect(zoneOffsetText('Europe/Paris', winter)).toBe('GMT+01:00');
    expect(zoneOffsetText('Europe/Paris', summer)).toBe('GMT+02:00');
    expect(zoneOffsetText('UTC', winter)).toBe('GMT+00:00');
    expect(zoneOffsetText('Not/AZone', winter)).toBe('GMT+00:00');
  });

  it('lists zones west to east with UTC among them', () => {
    const zones = knownTimezones();
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/Paris');
    const options = timezoneOptions(
      ['Europe/Paris', 'UTC', 'America/New_York', 'Africa/Abidjan'],
      winter,
    );
    expect(options.map((o) => o.label)).toEqual([
      'America/New_York (GMT-05:00)',
      'Africa/Abidjan (GMT+00:00)',
      'UTC (GMT+00:00)',
      'Europe/Paris (GMT+01:00)',
    ]);
  });
});
