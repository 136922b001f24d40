import { describe, expect, it } from 'vitest';
import { crontabHumanized } from './humanize.js';
import {
  cronFields,
  frequencyError,
  frequencyMessage,
  invalidEmails,
  isEmailAddress,
  isSlackChannel,
  isTimeZone,
  isValidCron,
  isWebhookUrl,
  shortestGapSeconds,
  splitList,
  unknownTabIds,
} from './validate.js';

const NOW = new Date('2026-03-02T10:17:00Z'); // a Monday

describe('cron patterns', () => {
  it('takes five fields and the nicknames, nothing else', () => {
    for (const ok of [
      '0 9 * * *',
      '*/5 * * * *',
      '0 9 * * MON-FRI',
      '0 0 L * *',
      '@daily',
      ' 0 9 * * 1 ',
    ])
      expect(isValidCron(ok), ok).toBe(true);
    for (const bad of [
      '0 9 * * * *', // seconds first: six fields
      '0 0 9 * * * 2030',
      '61 * * * *',
      '* * *',
      '',
      'every day',
      '*/0 * * * *',
      '0 0 30 2 *', // never fires
    ])
      expect(isValidCron(bad), bad).toBe(false);
    expect(cronFields('@hourly')).toEqual(['0', '*', '*', '*', '*']);
  });

  it('finds the shortest gap between firings, within a day and across midnight', () => {
    expect(shortestGapSeconds('*/5 * * * *', NOW)).toBe(300);
    expect(shortestGapSeconds('0 9 * * *', NOW)).toBe(86_400);
    expect(shortestGapSeconds('0 9,10 * * *', NOW)).toBe(3600);
    // 23:00 then 01:00 the next day: two hours, shorter than the 22 hours within the day.
    expect(shortestGapSeconds('0 1,23 * * *', NOW)).toBe(2 * 3600);
    // On Mondays and Tuesdays only: Monday 23:00 → Tuesday 01:00.
    expect(shortestGapSeconds('0 1,23 * * 1,2', NOW)).toBe(2 * 3600);
    // Mondays and Wednesdays: never two days in a row (26 hours across), 22 hours within a day.
    expect(shortestGapSeconds('0 1,23 * * 1,3', NOW)).toBe(22 * 3600);
    expect(shortestGapSeconds('0 0,2 * * 1,3', NOW)).toBe(2 * 3600);
    expect(shortestGapSeconds('0 0,23 * * 1,3', NOW)).toBe(23 * 3600);
    expect(shortestGapSeconds('0 0,23 * * 1,2', NOW)).toBe(3600);
    expect(shortestGapSeconds('0 9 * * 1', NOW)).toBe(7 * 86_400);
    expect(shortestGapSeconds('0 0 1 * *', NOW)).toBe(28 * 86_400);
    // A burst on one morning a week: every 5 minutes from 09:00 to 09:55.
    expect(shortestGapSeconds('*/5 9 * * 1', NOW)).toBe(300);
    expect(shortestGapSeconds('@hourly', NOW)).toBe(3600);
  });

  it("answers Superset's message when a pattern fires too often", () => {
    expect(frequencyMessage('Report', 3600)).toBe(
      'Report schedule frequency exceeding limit. Please configure a schedule with a minimum interval of 60 minutes per execution.',
    );
    expect(frequencyMessage('Alert', 90)).toContain('Alert schedule frequency exceeding limit');
    expect(frequencyMessage('Alert', 90)).toContain('minimum interval of 2 minutes');
    expect(frequencyError('Report', '*/5 * * * *', 0, NOW)).toBeNull();
    expect(frequencyError('Report', '*/5 * * * *', 300, NOW)).toBeNull();
    expect(frequencyError('Report', '*/5 * * * *', 301, NOW)).toBe(frequencyMessage('Report', 301));
    expect(frequencyError('Alert', '0 1,23 * * *', 3 * 3600, NOW)).toBe(
      frequencyMessage('Alert', 3 * 3600),
    );
    expect(frequencyError('Alert', '0 9 * * *', 86_400, NOW)).toBeNull();
  });

  it('describes schedules in words', () => {
    expect(crontabHumanized('0 9 * * *')).toBe('At 09:00 AM');
    expect(crontabHumanized('*/5 * * * *')).toBe('Every 5 minutes');
    expect(crontabHumanized('not a cron')).toBe('not a cron');
  });
});

describe('time zones', () => {
  it('knows IANA names and their aliases', () => {
    for (const tz of ['UTC', 'Europe/Paris', 'America/New_York', 'US/Eastern', 'Etc/GMT+5'])
      expect(isTimeZone(tz), tz).toBe(true);
    for (const tz of ['Mars/Olympus', '', '+01:00', 'Europe/Paris; drop', '../etc/passwd'])
      expect(isTimeZone(tz), tz).toBe(false);
  });
});

describe('recipients', () => {
  it('splits address lists on commas and semicolons', () => {
    expect(splitList('a@x.org, b@y.org;c@z.org ;; ')).toEqual(['a@x.org', 'b@y.org', 'c@z.org']);
    expect(splitList('')).toEqual([]);
    expect(splitList(undefined)).toEqual([]);
  });

  it('tells e-mail addresses from other text', () => {
    for (const ok of [
      'ann@example.com',
      'first.last+tag@mail.example.org',
      "o'hara@x.io",
      'admin@localhost',
    ])
      expect(isEmailAddress(ok), ok).toBe(true);
    for (const bad of [
      'ann',
      'ann@',
      '@example.com',
      'ann@example.',
      'ann@10.0.0.1',
      'ann@@example.com',
      'ann@exa mple.com',
      'Ann <ann@example.com>',
      '.ann@example.com',
      'ann..b@example.com',
      'ann@-example.com',
      `${'a'.repeat(65)}@example.com`,
    ])
      expect(isEmailAddress(bad), bad).toBe(false);
    expect(invalidEmails('ann@example.com; nope, bob@example.com,x@y..z')).toEqual([
      'nope',
      'x@y..z',
    ]);
  });

  it('takes Slack channel names and ids', () => {
    for (const ok of ['#general', 'general', 'data-team_2', 'C0123ABCD', 'G01ABCDEF'])
      expect(isSlackChannel(ok), ok).toBe(true);
    for (const bad of ['#', 'General Chat', 'chan<script>', '#'.padEnd(90, 'a')])
      expect(isSlackChannel(bad), bad).toBe(false);
  });

  it('takes http(s) webhook URLs only', () => {
    expect(isWebhookUrl('https://hooks.example.com/report')).toBe(true);
    expect(isWebhookUrl('http://127.0.0.1:8080/in')).toBe(true);
    for (const bad of [
      'ftp://example.com/x',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'example.com/hook',
      'https://user:pw@example.com/',
      '',
    ])
      expect(isWebhookUrl(bad), bad).toBe(false);
  });
});

describe('dashboard tabs', () => {
  it('names the tabs and anchors the layout does not have', () => {
    const layout = new Set(['ROOT_ID', 'TABS-1', 'TAB-a', 'TAB-b', 'CHART-1']);
    expect(unknownTabIds({ activeTabs: ['TAB-a', 'TAB-x'], anchor: 'CHART-9' }, layout)).toEqual([
      'CHART-9',
      'TAB-x',
    ]);
    expect(unknownTabIds({ anchor: '["TAB-a","TAB-z"]' }, layout)).toEqual(['TAB-z']);
    expect(unknownTabIds({ activeTabs: ['TAB-b'] }, layout)).toEqual([]);
    expect(unknownTabIds(undefined, layout)).toEqual([]);
  });
});
