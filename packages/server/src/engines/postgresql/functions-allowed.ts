/**
 * PostgreSQL's functions a non-admin's SQL fragment may call, beyond the standard ones (issue
 * 16 point 1): its aggregates, date/time, string, regular expression and conditional functions.
 * Not here: anything reading files, settings, sequences, large objects or the catalog
 * (pg_*, lo_*, current_setting, nextval, setval…), running SQL given as text (query_to_xml,
 * table_to_xml, ts_stat…), calling out (dblink), sleeping, or building large values or many rows
 * (repeat, lpad, generate_series, unnest). Upper case.
 */
import { STANDARD_ALLOWED_FUNCTIONS } from '../shared/functions-allowed.js';

// prettier-ignore
export const POSTGRESQL_ALLOWED_FUNCTIONS: readonly string[] = [
  ...STANDARD_ALLOWED_FUNCTIONS,
  // aggregates
  'COUNT', 'STRING_AGG', 'BOOL_AND', 'BOOL_OR', 'EVERY', 'BIT_AND', 'BIT_OR', 'MODE',
  'PERCENTILE_CONT', 'PERCENTILE_DISC', 'REGR_SLOPE', 'REGR_INTERCEPT', 'REGR_R2', 'REGR_COUNT',
  'REGR_AVGX', 'REGR_AVGY',
  // math
  'TRUNC', 'CBRT', 'DIV', 'GCD', 'LCM', 'FACTORIAL', 'WIDTH_BUCKET', 'SCALE', 'SINH', 'COSH',
  'TANH', 'ASINH', 'ACOSH', 'ATANH',
  // strings
  'STRPOS', 'SPLIT_PART', 'INITCAP', 'ASCII', 'CHR', 'TRANSLATE', 'BTRIM', 'STARTS_WITH', 'MD5',
  'OCTET_LENGTH', 'BIT_LENGTH', 'REGEXP_REPLACE', 'REGEXP_MATCH', 'REGEXP_LIKE', 'REGEXP_COUNT',
  'REGEXP_SUBSTR', 'REGEXP_INSTR', 'OVERLAY', 'TO_CHAR', 'TO_NUMBER', 'FORMAT', 'QUOTE_LITERAL',
  'QUOTE_IDENT', 'QUOTE_NULLABLE', 'CONCAT',
  // date and time
  'DATE_TRUNC', 'DATE_PART', 'DATE_BIN', 'AGE', 'TO_DATE', 'TO_TIMESTAMP', 'MAKE_DATE',
  'MAKE_TIME', 'MAKE_TIMESTAMP', 'MAKE_TIMESTAMPTZ', 'MAKE_INTERVAL', 'JUSTIFY_DAYS',
  'JUSTIFY_HOURS', 'JUSTIFY_INTERVAL', 'NOW', 'LOCALTIME', 'LOCALTIMESTAMP', 'TIMEZONE',
  'ISFINITE',
];
