/**
 * MySQL's and MariaDB's functions a non-admin's SQL fragment may call, beyond the standard ones
 * (issue 16 point 1): their aggregates, date/time, string and conditional functions. Not here:
 * LOAD_FILE, SLEEP, BENCHMARK, locks (GET_LOCK…), server and session information (DATABASE,
 * USER, VERSION, CONNECTION_ID…), REPEAT/SPACE/LPAD/RPAD (large values from small inputs),
 * encryption and compression. Upper case.
 */
import { STANDARD_ALLOWED_FUNCTIONS } from '../shared/functions-allowed.js';

// prettier-ignore
export const MYSQL_ALLOWED_FUNCTIONS: readonly string[] = [
  ...STANDARD_ALLOWED_FUNCTIONS,
  // aggregates
  'GROUP_CONCAT', 'BIT_AND', 'BIT_OR', 'BIT_XOR', 'STD', 'ANY_VALUE',
  // math
  'TRUNCATE', 'DIV', 'CRC32', 'CONV', 'BIN', 'OCT', 'HEX',
  // strings
  'LCASE', 'UCASE', 'INSTR', 'LOCATE', 'SUBSTRING_INDEX', 'MID', 'ASCII', 'ORD', 'CHAR', 'FIELD',
  'FIND_IN_SET', 'ELT', 'FORMAT', 'STRCMP', 'SOUNDEX', 'OCTET_LENGTH', 'BIT_LENGTH', 'MD5',
  'REGEXP_REPLACE', 'REGEXP_SUBSTR', 'REGEXP_INSTR', 'REGEXP_LIKE', 'QUOTE', 'CONVERT',
  // date and time
  'DATE', 'TIME', 'TIMESTAMP', 'DATE_FORMAT', 'TIME_FORMAT', 'STR_TO_DATE', 'DATE_ADD',
  'DATE_SUB', 'ADDDATE', 'SUBDATE', 'ADDTIME', 'SUBTIME', 'DATEDIFF', 'TIMEDIFF', 'TIMESTAMPADD',
  'TIMESTAMPDIFF', 'YEAR', 'QUARTER', 'MONTH', 'WEEK', 'WEEKOFYEAR', 'YEARWEEK', 'DAY',
  'DAYOFMONTH', 'DAYOFWEEK', 'DAYOFYEAR', 'WEEKDAY', 'HOUR', 'MINUTE', 'SECOND', 'MICROSECOND',
  'DAYNAME', 'MONTHNAME', 'LAST_DAY', 'MAKEDATE', 'MAKETIME', 'FROM_DAYS', 'TO_DAYS',
  'TO_SECONDS', 'FROM_UNIXTIME', 'UNIX_TIMESTAMP', 'CONVERT_TZ', 'NOW', 'CURDATE', 'CURTIME',
  'SYSDATE', 'UTC_DATE', 'UTC_TIME', 'UTC_TIMESTAMP', 'PERIOD_ADD', 'PERIOD_DIFF', 'SEC_TO_TIME',
  'TIME_TO_SEC', 'LOCALTIME', 'LOCALTIMESTAMP',
  // conditionals, null handling
  'IF', 'IFNULL', 'ISNULL', 'INTERVAL',
];
