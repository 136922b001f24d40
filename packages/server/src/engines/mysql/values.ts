import { genericTypeOf } from '../shared/generic-type.js';
import { jsonSafeValue } from '../shared/values.js';
import type { ColumnInfo } from '../types.js';
import { decimalValue } from '../shared/decimal.js';

/**
 * Result columns of mysql2 (with `dateStrings`, `supportBigNumbers`, `jsonStrings`): a type name
 * for each column and the conversion of its values to JSON-safe ones.
 */

/** What is read of a mysql2 column definition. */
export interface MysqlField {
  name: string;
  columnType?: number;
  type?: number;
  columnLength?: number;
  characterSet?: number;
  flags?: number | string[];
}

const UNSIGNED_FLAG = 32;
const ENUM_FLAG = 256;
const SET_FLAG = 2048;
const BINARY_CHARSET = 63;

const NAMES: Record<number, string> = {
  0: 'DECIMAL',
  1: 'TINYINT',
  2: 'SMALLINT',
  3: 'INT',
  4: 'FLOAT',
  5: 'DOUBLE',
  6: 'NULL',
  7: 'TIMESTAMP',
  8: 'BIGINT',
  9: 'MEDIUMINT',
  10: 'DATE',
  11: 'TIME',
  12: 'DATETIME',
  13: 'YEAR',
  14: 'DATE',
  15: 'VARCHAR',
  16: 'BIT',
  242: 'VECTOR',
  245: 'JSON',
  246: 'DECIMAL',
  247: 'ENUM',
  248: 'SET',
  249: 'TINYBLOB',
  250: 'MEDIUMBLOB',
  251: 'LONGBLOB',
  252: 'BLOB',
  253: 'VARCHAR',
  254: 'CHAR',
  255: 'GEOMETRY',
};

const TEXT_OF_BLOB: Record<string, string> = {
  TINYBLOB: 'TINYTEXT',
  MEDIUMBLOB: 'MEDIUMTEXT',
  LONGBLOB: 'LONGTEXT',
  BLOB: 'TEXT',
};

/** The SQL type name of a result column, e.g. `BIGINT UNSIGNED`, `TINYINT(1)`, `VARBINARY`. */
export function mysqlFieldType(field: MysqlField): string {
  const code = field.columnType ?? field.type ?? 253;
  const flags = typeof field.flags === 'number' ? field.flags : 0;
  const binary = field.characterSet === BINARY_CHARSET;
  let name = NAMES[code] ?? 'VARCHAR';
  if (code === 1 && field.columnLength === 1) name = 'TINYINT(1)';
  else if (code === 16 && field.columnLength === 1) name = 'BIT(1)';
  else if (name in TEXT_OF_BLOB && !binary) name = TEXT_OF_BLOB[name]!;
  else if (code === 253 && binary) name = 'VARBINARY';
  else if (code === 254) {
    if (flags & ENUM_FLAG) name = 'ENUM';
    else if (flags & SET_FLAG) name = 'SET';
    else if (binary) name = 'BINARY';
  }
  if (flags & UNSIGNED_FLAG && [0, 1, 2, 3, 4, 5, 8, 9, 246].includes(code)) name += ' UNSIGNED';
  return name;
}

/** `2024-01-02 03:04:05.5` -> `2024-01-02T03:04:05.5`; zero dates stay as they are. */
export function mysqlDatetimeToIso(text: string): string {
  return /^\d{4}-\d\d-\d\d \d/.test(text) && !text.startsWith('0000-')
    ? text.replace(' ', 'T')
    : text;
}

export type MysqlConverter = (value: unknown) => unknown;

export function mysqlConverter(field: MysqlField): MysqlConverter {
  const code = field.columnType ?? field.type ?? 253;
  switch (code) {
    case 0:
    case 246:
      return (v) => (typeof v === 'string' ? decimalValue(v) : jsonSafeValue(v));
    case 7:
    case 12:
      return (v) => (typeof v === 'string' ? mysqlDatetimeToIso(v) : jsonSafeValue(v));
    case 16:
      if (field.columnLength === 1) {
        return (v) => (Buffer.isBuffer(v) && v.length === 1 ? v[0] === 1 : jsonSafeValue(v));
      }
      return jsonSafeValue;
    default:
      return jsonSafeValue;
  }
}

export function mysqlColumn(field: MysqlField): ColumnInfo {
  const type = mysqlFieldType(field);
  return { name: field.name, type, generic: genericTypeOf(type), nullable: true };
}
