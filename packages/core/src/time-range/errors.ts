/** What went wrong while reading or evaluating a time range. */
export type TimeRangeErrorKind =
  /** The text does not follow the grammar (functions, parentheses, units, quotes). */
  | 'syntax'
  /** A date-time phrase that cannot be read (`DATETIME("garbage")`). */
  | 'unparseable'
  /** A quantity without a direction (`7 days` instead of `7 days ago`). */
  | 'ambiguous'
  /** A holiday or country that is not in the table. */
  | 'holiday'
  /** A date outside the years 1 to 9999. */
  | 'out_of_range'
  /** The start is after the end. */
  | 'order';

/** A time range that cannot be evaluated; `message` is what the picker shows. */
export class TimeRangeError extends Error {
  override readonly name = 'TimeRangeError';

  constructor(
    readonly kind: TimeRangeErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** Superset's texts for the failures it names, plus the grammar's own. */
export const TIME_RANGE_MESSAGES = {
  syntaxPrefix: 'Error parsing time range: ',
  order: 'From date cannot be larger than to date',
  cannotParse: (text: string) => `Cannot parse time string [${text}]`,
  ambiguous: (text: string) =>
    `Time string is ambiguous. Please specify [${text} ago] or [${text} later].`,
  unknownHoliday: (name: string) => `Unable to find such a holiday: [${name}]`,
  unknownCountry: (country: string, known: readonly string[]) =>
    `Holidays are not available for country [${country}] (known: ${known.join(', ')})`,
  outOfRange: 'Date is out of range: years must be between 1 and 9999',
  /** How the HTTP API wraps a message, as Superset's `/api/v1/time_range/` does. */
  unexpected: (message: string) => `Unexpected time range: ${message}`,
} as const;

export function syntaxError(detail: string): TimeRangeError {
  return new TimeRangeError('syntax', TIME_RANGE_MESSAGES.syntaxPrefix + detail);
}
