/**
 * SQLite's functions a non-admin's SQL fragment may call, beyond the standard ones (issue 16
 * point 1): its aggregates, date/time, string and conditional functions. Not here:
 * load_extension, randomblob/zeroblob (large values), sqlite_* and fts3_tokenizer. Upper case.
 */
import { STANDARD_ALLOWED_FUNCTIONS } from '../shared/functions-allowed.js';

// prettier-ignore
export const SQLITE_ALLOWED_FUNCTIONS: readonly string[] = [
  ...STANDARD_ALLOWED_FUNCTIONS,
  // aggregates
  'TOTAL', 'GROUP_CONCAT', 'STRING_AGG', 'MEDIAN',
  // math
  'TRUNC',
  // strings
  'INSTR', 'UNICODE', 'CHAR', 'HEX', 'QUOTE', 'PRINTF', 'FORMAT', 'LIKE', 'GLOB',
  'SOUNDEX', 'OCTET_LENGTH',
  // date and time
  'DATE', 'TIME', 'DATETIME', 'JULIANDAY', 'UNIXEPOCH', 'STRFTIME', 'TIMEDIFF',
  // conditionals, null handling
  'IFNULL', 'IIF', 'IF', 'TYPEOF',
];
