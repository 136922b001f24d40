/**
 * The time zone select's options (pure but for the runtime's zone list): every IANA zone the
 * browser knows, with its current offset, sorted west to east.
 */
import { REPORT_DEFAULT_TIMEZONE } from '@strata/core';

export interface TimezoneOption {
  value: string;
  label: string;
  /** Minutes east of UTC at `now`. */
  offset: number;
}

/** "GMT+05:30" → 330; "GMT" → 0; null when unreadable. */
export function offsetMinutes(gmt: string): number | null {
  if (gmt === 'GMT' || gmt === 'UTC') return 0;
  const m = /^(?:GMT|UTC)([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(gmt);
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

/** The zone's offset at a moment, as "GMT+01:00" (Intl's long offset). */
export function zoneOffsetText(zone: string, now: Date): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      timeZoneName: 'longOffset',
    }).formatToParts(now);
    const text = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    return text === 'GMT' ? 'GMT+00:00' : text;
  } catch {
    return 'GMT+00:00';
  }
}

/** The zones the runtime knows, UTC always among them. */
export function knownTimezones(): string[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(REPORT_DEFAULT_TIMEZONE) ? zones : [REPORT_DEFAULT_TIMEZONE, ...zones];
}

/** Options for `zones`, "Europe/Paris (GMT+01:00)", west to east then by name. */
export function timezoneOptions(zones: readonly string[], now: Date): TimezoneOption[] {
  return zones
    .map((zone) => {
      const text = zoneOffsetText(zone, now);
      return { value: zone, label: `${zone} (${text})`, offset: offsetMinutes(text) ?? 0 };
    })
    .sort((a, b) => a.offset - b.offset || a.value.localeCompare(b.value));
}

/** The browser's own zone (a new report's default), or UTC. */
export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || REPORT_DEFAULT_TIMEZONE;
  } catch {
    return REPORT_DEFAULT_TIMEZONE;
  }
}
