/**
 * Pure checks of a report's fields (issue 18): the cron pattern and how often it fires, the
 * time zone, recipients' addresses, Slack channels and webhook URLs, the format for the content
 * and the dashboard tabs of `extra`. No store access: `write.ts` calls these with the values.
 * Messages that Superset has are Superset's (superset/commands/report/exceptions.py, schemas.py).
 */
import { Cron, CronPattern } from 'croner';
import {
  CHART_REPORT_FORMATS,
  DASHBOARD_REPORT_FORMATS,
  type ReportFormat,
  type ReportType,
} from '@strata/core';

export const CRON_INVALID_MESSAGE = 'Cron expression is not valid';

/** Superset's ReportScheduleFrequencyNotAllowed text (the limit in whole minutes, rounded up). */
export function frequencyMessage(type: ReportType, minimumIntervalSeconds: number): string {
  const minutes = Math.ceil(minimumIntervalSeconds / 60);
  return (
    `${type} schedule frequency exceeding limit. Please configure a schedule with a minimum ` +
    `interval of ${minutes} minutes per execution.`
  );
}

/** Cron's nicknames as the five fields they stand for (croniter and croner both take them). */
const NICKNAMES: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/** A pattern's five fields (`m h dom mon dow`), nicknames expanded; null when it has not five. */
export function cronFields(text: string): string[] | null {
  const trimmed = text.trim();
  const expanded = NICKNAMES[trimmed.toLowerCase()] ?? trimmed;
  const fields = expanded.split(/\s+/);
  return fields.length === 5 && fields.every((f) => f !== '') ? fields : null;
}

/**
 * Whether `text` is a cron pattern a report may use: exactly five fields (minute precision, as
 * Superset's croniter reads them; no seconds field), accepted by croner, and firing at least once.
 */
export function isValidCron(text: string): boolean {
  const fields = cronFields(text);
  if (!fields) return false;
  try {
    const cron = new Cron(fields.join(' '), { mode: '5-part', paused: true, utcOffset: 0 });
    return cron.nextRun() !== null;
  } catch {
    return false;
  }
}

const MINUTES_PER_DAY = 1440;
/** Firing days looked at to find the closest two (years of daily patterns; decades of yearly). */
const MAX_FIRING_DAYS = 400;

/**
 * The shortest time, in seconds, between two consecutive firings of a valid five-field pattern,
 * read in UTC as Superset's check does (a time zone's DST change is not the schedule's
 * frequency). Exact: the times of day come from the pattern's minute and hour fields (the same
 * on every day it fires); across midnight, the last firing of a day is followed by the first
 * firing of the next firing day, whose distance is found by walking the firing days from `now`.
 * `limitSeconds` lets the walk stop early once a gap below it is certain. Null when the pattern
 * fires at most once.
 */
export function shortestGapSeconds(
  text: string,
  now: Date = new Date(),
  limitSeconds = 0,
): number | null {
  const fields = cronFields(text);
  if (!fields) throw new Error(CRON_INVALID_MESSAGE);
  const pattern = new CronPattern(fields.join(' '), undefined, { mode: '5-part' });
  const times: number[] = [];
  for (let h = 0; h < 24; h++) {
    if (!pattern.hour[h]) continue;
    for (let m = 0; m < 60; m++) if (pattern.minute[m]) times.push(h * 60 + m);
  }
  if (times.length === 0) return null;
  let best = Infinity;
  for (let i = 1; i < times.length; i++) best = Math.min(best, times[i]! - times[i - 1]!);
  const first = times[0]!;
  const last = times[times.length - 1]!;
  const span = last - first;
  // Across midnight the gap is (days between firing days) × 1440 − span: with one day between,
  // it cannot beat the in-day gap when (1440 − span) is already no smaller.
  if (MINUTES_PER_DAY - span < best) {
    const days = new Cron(`0 0 ${fields.slice(2).join(' ')}`, {
      mode: '5-part',
      paused: true,
      utcOffset: 0,
    });
    let previous: Date | null = null;
    let cursor: Date | null = new Date(now.getTime());
    let dayGap = Infinity;
    for (let i = 0; i < MAX_FIRING_DAYS && cursor; i++) {
      const next: Date | null = days.nextRun(cursor);
      if (!next) break;
      if (previous) {
        dayGap = Math.min(dayGap, Math.round((next.getTime() - previous.getTime()) / 86_400_000));
        if (dayGap === 1) break;
        if (limitSeconds > 0 && (dayGap * MINUTES_PER_DAY - span) * 60 < limitSeconds) break;
      }
      previous = next;
      cursor = next;
    }
    if (Number.isFinite(dayGap)) best = Math.min(best, dayGap * MINUTES_PER_DAY - span);
  }
  return Number.isFinite(best) ? best * 60 : null;
}

/**
 * Superset's frequency rule: the message when the pattern fires more often than the minimum
 * interval (seconds; 0 = no limit), else null.
 */
export function frequencyError(
  type: ReportType,
  cron: string,
  minimumIntervalSeconds: number,
  now: Date = new Date(),
): string | null {
  if (minimumIntervalSeconds <= 0) return null;
  const gap = shortestGapSeconds(cron, now, minimumIntervalSeconds);
  return gap !== null && gap < minimumIntervalSeconds
    ? frequencyMessage(type, minimumIntervalSeconds)
    : null;
}

/** An IANA time zone name (or alias such as `UTC`, `US/Eastern`) that Intl and croner know. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,99}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The entries of a recipient list: split on commas and semicolons, trimmed, blanks dropped. */
export function splitList(text: string | undefined | null): string[] {
  if (!text) return [];
  return text
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * A plain e-mail address (`local@domain`): no spaces, one `@`, a domain of letters, digits and
 * hyphens (dotted, or one name such as `localhost`, as a first admin's address is), at most 254
 * characters. Display names (`Ann <ann@x.org>`) are not taken.
 */
export function isEmailAddress(text: string): boolean {
  if (text.length > 254) return false;
  const at = text.lastIndexOf('@');
  if (at < 1 || at !== text.indexOf('@')) return false;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (local.length > 64 || !/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local)) return false;
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  const labels = domain.split('.');
  return (
    labels.every((l) => /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(l)) &&
    /[A-Za-z]/.test(labels[labels.length - 1]!)
  );
}

/** The entries of an address list that are not e-mail addresses. */
export function invalidEmails(text: string | undefined | null): string[] {
  return splitList(text).filter((a) => !isEmailAddress(a));
}

/**
 * A Slack channel as the Web API takes it: a name (`#general` or `general`: lowercase letters,
 * digits, `-`, `_`, `.`, at most 80) or an id (`C0123ABCD`, `G…`, `D…`).
 */
export function isSlackChannel(text: string): boolean {
  return /^#?[a-z0-9][a-z0-9._-]{0,79}$/.test(text) || /^[CGD][A-Z0-9]{6,20}$/.test(text);
}

/** An absolute http(s) URL with a host and no user name or password in it. */
export function isWebhookUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === ''
  );
}

/** The formats a report of this content can be sent as. */
export function formatsFor(content: 'chart' | 'dashboard'): readonly ReportFormat[] {
  return content === 'dashboard' ? DASHBOARD_REPORT_FORMATS : CHART_REPORT_FORMATS;
}

/**
 * Tab or component ids named by a dashboard report's `extra.dashboard` (`activeTabs`, and the
 * `anchor`: an id, or a JSON list of ids as Superset's permalinks write it) that the dashboard's
 * layout does not have, sorted.
 */
export function unknownTabIds(
  state: { activeTabs?: string[]; anchor?: string } | undefined,
  layoutIds: ReadonlySet<string>,
): string[] {
  if (!state) return [];
  const wanted = new Set(state.activeTabs ?? []);
  if (state.anchor) {
    let anchors: unknown;
    try {
      anchors = JSON.parse(state.anchor);
    } catch {
      anchors = null;
    }
    if (Array.isArray(anchors)) for (const a of anchors) wanted.add(String(a));
    else wanted.add(state.anchor);
  }
  return [...wanted].filter((id) => !layoutIds.has(id)).sort();
}
