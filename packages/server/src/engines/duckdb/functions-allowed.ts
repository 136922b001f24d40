/**
 * DuckDB's functions a non-admin's SQL fragment may call, beyond the standard ones (issue 16
 * point 1): DuckDB's own aggregates, date/time, string, regular expression and conditional
 * functions. Not here: table functions (read_csv, glob, query…), settings and variables
 * (current_setting, getvariable), sequences (nextval), `sleep_ms`, `repeat`, `range`, `unnest`,
 * padding and list resizing (large values from small inputs). Upper case.
 */
import { STANDARD_ALLOWED_FUNCTIONS } from '../shared/functions-allowed.js';

// prettier-ignore
export const DUCKDB_ALLOWED_FUNCTIONS: readonly string[] = [
  ...STANDARD_ALLOWED_FUNCTIONS,
  // aggregates
  'COUNT_IF', 'COUNTIF', 'MEDIAN', 'MODE', 'QUANTILE', 'QUANTILE_CONT', 'QUANTILE_DISC',
  'APPROX_COUNT_DISTINCT', 'APPROX_QUANTILE', 'ARG_MAX', 'ARG_MIN', 'ARGMAX', 'ARGMIN', 'MAX_BY',
  'MIN_BY', 'ANY_VALUE', 'FIRST', 'LAST', 'STRING_AGG', 'LISTAGG', 'GROUP_CONCAT', 'BOOL_AND',
  'BOOL_OR', 'PRODUCT', 'FSUM', 'FAVG', 'MEAN', 'KURTOSIS', 'SKEWNESS', 'ENTROPY', 'MAD',
  'REGR_SLOPE', 'REGR_INTERCEPT', 'REGR_R2', 'REGR_COUNT', 'BIT_AND', 'BIT_OR', 'BIT_XOR',
  'WEIGHTED_AVG', 'WAVG', 'GEOMEAN', 'GEOMETRIC_MEAN',
  // math
  'TRUNC', 'CBRT', 'ROUND_EVEN', 'ISNAN', 'ISINF', 'ISFINITE', 'FDIV', 'FMOD', 'DIVIDE',
  'GAMMA', 'LGAMMA', 'FACTORIAL', 'GCD', 'LCM', 'EVEN', 'SINH', 'COSH', 'TANH', 'ASINH', 'ACOSH',
  'ATANH',
  // strings
  'LCASE', 'UCASE', 'LEN', 'STRLEN', 'STRPOS', 'INSTR', 'CONTAINS', 'STARTS_WITH', 'ENDS_WITH',
  'PREFIX', 'SUFFIX', 'SPLIT_PART', 'STRIP_ACCENTS', 'ASCII', 'CHR', 'UNICODE', 'ORD',
  'TRANSLATE', 'REGEXP_MATCHES', 'REGEXP_FULL_MATCH', 'REGEXP_REPLACE', 'REGEXP_EXTRACT',
  'LIKE_ESCAPE', 'ILIKE_ESCAPE', 'MD5', 'HASH', 'LEVENSHTEIN', 'JARO_WINKLER_SIMILARITY',
  'BIT_LENGTH', 'OCTET_LENGTH', 'NFC_NORMALIZE',
  // date and time
  'DATE_TRUNC', 'DATETRUNC', 'DATE_PART', 'DATEPART', 'DATE_DIFF', 'DATEDIFF', 'DATE_SUB',
  'DATESUB', 'DATE_ADD', 'AGE', 'STRFTIME', 'STRPTIME', 'TRY_STRPTIME', 'MAKE_DATE', 'MAKE_TIME',
  'MAKE_TIMESTAMP', 'MAKE_TIMESTAMPTZ', 'EPOCH', 'EPOCH_MS', 'EPOCH_US', 'EPOCH_NS',
  'TO_TIMESTAMP', 'YEAR', 'QUARTER', 'MONTH', 'WEEK', 'WEEKOFYEAR', 'YEARWEEK', 'DAY',
  'DAYOFMONTH', 'DAYOFWEEK', 'DAYOFYEAR', 'WEEKDAY', 'ISODOW', 'ISOYEAR', 'HOUR', 'MINUTE',
  'SECOND', 'MILLISECOND', 'MICROSECOND', 'DAYNAME', 'MONTHNAME', 'LAST_DAY', 'TIME_BUCKET',
  'NOW', 'TODAY', 'CENTURY', 'DECADE', 'ERA', 'TIMEZONE', 'TO_DAYS', 'TO_HOURS', 'TO_MINUTES',
  'TO_SECONDS', 'TO_MONTHS', 'TO_YEARS', 'TO_WEEKS', 'TO_MILLISECONDS',
  // conditionals, null handling, casts
  'IF', 'IFNULL', 'TRY_CAST', 'TYPEOF',
];
