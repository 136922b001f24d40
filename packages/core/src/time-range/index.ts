export {
  LAST_DAY_UNITS,
  TIME_UNITS,
  formatDateTime,
  type LastDayUnit,
  type NaiveDateTime,
  type TimeUnit,
} from './calendar.js';
export { TIME_RANGE_MESSAGES, TimeRangeError, type TimeRangeErrorKind } from './errors.js';
export type { DateExpression, IntegerExpression } from './expression-ast.js';
export { evaluateDateExpression, evaluateExpressionText } from './expression-eval.js';
export { parseDateExpression } from './expression-parser.js';
export { DEFAULT_HOLIDAY_COUNTRY, HOLIDAY_COUNTRIES, holidayDate } from './holidays.js';
export { parseHumanDateTime } from './human-datetime.js';
export {
  CALENDAR_TIME_RANGES,
  COMMON_TIME_RANGES,
  NO_TIME_RANGE,
  TIME_RANGE_SEPARATOR,
} from './range-shorthands.js';
export {
  evaluateTimeRange,
  evaluateTimeRangeEnds,
  parseTimeRange,
  timeRangeErrorMessage,
  type EvaluatedTimeRange,
  type ParsedTimeRange,
  type TimeRangeEnd,
  type TimeRangeOptions,
} from './time-range.js';
export { applyTimeShift, type RangeEnds } from './time-shift.js';
export {
  decodeCustomTimeRange,
  defaultCustomTimeRange,
  encodeCustomTimeRange,
  timeRangeFrameOf,
  type CustomRangeAnchorMode,
  type CustomRangeMode,
  type CustomTimeRange,
  type TimeRangeFrame,
} from './custom-range.js';
