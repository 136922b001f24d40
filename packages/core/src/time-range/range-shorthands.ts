import { quoteText } from './expression-parser.js';

/** The value of "no time range" (both ends open). */
export const NO_TIME_RANGE = 'No filter';
/** Between the start and the end of a range: space, colon, space. */
export const TIME_RANGE_SEPARATOR = ' : ';

/** Ends of the common ranges (the picker's Last choices). */
export const COMMON_TIME_RANGES = [
  'Last day',
  'Last week',
  'Last month',
  'Last quarter',
  'Last year',
] as const;
/** The picker's Previous choices. */
export const CALENDAR_TIME_RANGES = [
  'previous calendar week',
  'previous calendar month',
  'previous calendar year',
] as const;

const UNIT_PATTERN = '(second|minute|hour|day|week|month|quarter|year)';
const SHORTHAND_UNIT = new RegExp(
  `^(?:Last|Next)\\s{1,5}(?:[0-9]+\\s{0,5})?${UNIT_PATTERN}s?$`,
  'i',
);
const NTH_SUBUNIT_RANGE =
  /^(first|1st)\s{1,5}(week|month|quarter)\s{1,5}of\s{1,5}(?:(this|last|next|prior)\s{1,5})?(?:the\s{1,5})?(week|month|quarter|year)$/i;

/** `now` for second, minute and hour; `today` for day and longer units (Superset's rule). */
export function relativeBase(unit: string, relativeStart?: string | null): string {
  if (relativeStart) return relativeStart;
  return ['second', 'minute', 'hour'].includes(unit.toLowerCase()) ? 'now' : 'today';
}

/** The open end of "Last <unit>" / "Next <unit>": the same anchor the unit gets. */
function defaultBoundFor(shorthand: string): string {
  const m = SHORTHAND_UNIT.exec(shorthand);
  return m?.[1] ? relativeBase(m[1]) : 'today';
}

const datetimeOf = (base: string) => `DATETIME(${quoteText(base)})`;
const truncToday = (offset: number, unit: string) =>
  `DATETRUNC(DATEADD(DATETIME("today"), ${offset}, ${unit}), ${unit})`;

const CALENDAR_REWRITES: ReadonlyArray<[prefix: string, range: string]> = [
  ['previous calendar week', `${truncToday(-1, 'WEEK')} : DATETRUNC(DATETIME("today"), WEEK)`],
  ['previous calendar month', `${truncToday(-1, 'MONTH')} : DATETRUNC(DATETIME("today"), MONTH)`],
  [
    'previous calendar quarter',
    `${truncToday(-1, 'QUARTER')} : DATETRUNC(DATETIME("today"), QUARTER)`,
  ],
  ['previous calendar year', `${truncToday(-1, 'YEAR')} : DATETRUNC(DATETIME("today"), YEAR)`],
  ['Current day', `${truncToday(0, 'DAY')} : ${truncToday(1, 'DAY')}`],
  ['Current week', `${truncToday(0, 'WEEK')} : ${truncToday(1, 'WEEK')}`],
  ['Current month', `${truncToday(0, 'MONTH')} : ${truncToday(1, 'MONTH')}`],
  ['Current quarter', `${truncToday(0, 'QUARTER')} : ${truncToday(1, 'QUARTER')}`],
  ['Current year', `${truncToday(0, 'YEAR')} : ${truncToday(1, 'YEAR')}`],
];

/**
 * Rewrites the one-piece forms into "start : end": "Last …" ends at today (or now for
 * sub-day units, or relativeEnd), "Next …" starts there, the calendar ranges become
 * DATETRUNC expressions, "first week of this year" a one-week range.
 */
export function expandShorthand(
  timeRange: string,
  relativeStart?: string | null,
  relativeEnd?: string | null,
): string {
  if (timeRange.includes(TIME_RANGE_SEPARATOR)) return timeRange;
  if (timeRange.startsWith('Last')) {
    return timeRange + TIME_RANGE_SEPARATOR + (relativeEnd || defaultBoundFor(timeRange));
  }
  if (timeRange.startsWith('Next')) {
    return (relativeStart || defaultBoundFor(timeRange)) + TIME_RANGE_SEPARATOR + timeRange;
  }
  for (const [prefix, range] of CALENDAR_REWRITES) {
    if (timeRange.startsWith(prefix)) return range;
  }
  const nth = NTH_SUBUNIT_RANGE.exec(timeRange);
  if (nth) {
    const [, , subunit = '', scope, unit = ''] = nth;
    const start = startOfScopedUnit(scope ?? 'this', '', unit, relativeStart);
    return `${start}${TIME_RANGE_SEPARATOR}DATEADD(${start}, 1, ${subunit.toLowerCase()})`;
  }
  return timeRange;
}

/** "this", "last 2", "next" week… as an expression anchored on today or now. */
export function scopedExpression(scope: string, delta: string, unit: string, base: string): string {
  const amount = delta ? Number(delta) : 1;
  switch (scope.toLowerCase()) {
    case 'last':
    case 'prior':
      return `DATEADD(${datetimeOf(base)}, -${amount}, ${unit.toLowerCase()})`;
    case 'next':
      return `DATEADD(${datetimeOf(base)}, ${amount}, ${unit.toLowerCase()})`;
    default:
      return datetimeOf(base);
  }
}

function startOfScopedUnit(
  scope: string,
  delta: string,
  unit: string,
  relativeStart?: string | null,
): string {
  const base = relativeBase(unit, relativeStart);
  return `DATETRUNC(${scopedExpression(scope, delta, unit, base)}, ${unit.toLowerCase()})`;
}

const START_OR_END_OF =
  /^(start of|beginning of|end of)\s{1,5}(this|last|next|prior)\s{1,5}([0-9]+)?\s{0,5}(day|week|month|quarter|year)s?$/i;
const FIRST_OF_SCOPED =
  /^(?:first|1st)\s{1,5}(?:day\s{1,5})?of\s{1,5}(this|last|next|prior)\s{1,5}(day|week|month|quarter|year)s?$/i;
const FIRST_OF_THE =
  /^(?:first|1st)\s{1,5}(?:day\s{1,5})?of\s{1,5}(?:the\s{1,5})?(week|month|quarter|year)$/i;
const SCOPED_UNIT = new RegExp(
  `^(this|last|next|prior)\\s{1,5}([0-9]+)?\\s{0,5}${UNIT_PATTERN}s?$`,
  'i',
);
const ADVANCED = /^(DATETIME|DATEADD|DATETRUNC|LASTDAY|HOLIDAY)/i;

/**
 * One end of a range as an advanced expression when it is a phrase Superset rewrites
 * ("start of this month", "first of last year", "last 2 weeks", "this week") or is already an
 * expression; null when it is a plain date-time text (read as DATETIME of it).
 */
export function endExpression(part: string, relativeStart?: string | null): string | null {
  let m = START_OR_END_OF.exec(part);
  if (m) {
    const [, modifier = '', scope = '', delta = '', unit = ''] = m;
    const base = scopedExpression(scope, delta, unit, relativeBase(unit, relativeStart));
    const fn = modifier.toLowerCase() === 'end of' ? 'LASTDAY' : 'DATETRUNC';
    return `${fn}(${base}, ${unit.toLowerCase()})`;
  }
  m = FIRST_OF_SCOPED.exec(part);
  if (m) return startOfScopedUnit(m[1] ?? 'this', '', m[2] ?? '', relativeStart);
  m = FIRST_OF_THE.exec(part);
  if (m) return startOfScopedUnit('this', '', m[1] ?? '', relativeStart);
  m = SCOPED_UNIT.exec(part);
  if (m) {
    const [, scope = '', delta = '', unit = ''] = m;
    return scopedExpression(scope, delta, unit, relativeBase(unit, relativeStart));
  }
  if (ADVANCED.test(part)) return part;
  return null;
}
