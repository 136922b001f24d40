/**
 * Superset's built-in `port` type (plugins/internet_port.py): a port number (1 to 65535) or a
 * service name ("https" → [443], "ftp" → [20, 21]); each value converts to a list of ports.
 */
import type { FilterOperator } from '@strata/core';
import {
  AdvancedFilterError,
  displayOf,
  isDigits,
  pyStr,
  sqlNumber,
  type AdvancedDataType,
  type ConvertResult,
  type ConvertedValue,
  type FilterSql,
} from './types.js';

/** Superset's port_conversion_dict (its "pop3"/"pop3s", later mis-renamed upstream). */
export const PORT_NAMES: Readonly<Record<string, readonly number[]>> = {
  http: [80],
  ssh: [22],
  https: [443],
  ftp: [20, 21],
  ftps: [989, 990],
  telnet: [23],
  telnets: [992],
  smtp: [25],
  submissions: [465],
  kerberos: [88],
  'kerberos-adm': [749],
  pop3: [110],
  pop3s: [995],
  nntp: [119],
  nntps: [563],
  ntp: [123],
  snmp: [161],
  ldap: [389],
  ldaps: [636],
  imap2: [143],
  imaps: [993],
  MySQL: [3306],
  'Remote Desktop': [3389],
  dns: [53],
  ctf: [84],
  pdap: [344],
};

const OPERATORS = [
  'EQUALS',
  'GREATER_THAN_OR_EQUAL',
  'GREATER_THAN',
  'IN',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
];

const MAX_PORT = 65535n;

function convert(values: readonly unknown[]): ConvertResult {
  const out: ConvertResult = {
    values: [],
    error_message: '',
    display_value: '',
    valid_filter_operators: [...OPERATORS],
  };
  if (values.length === 1 && values[0] === '') {
    out.values.push(['']);
    return out;
  }
  for (const value of values) {
    const text = pyStr(value);
    let ports: bigint[] | null = null;
    if (isDigits(text)) {
      const n = BigInt(text);
      if (n >= 1n && n <= MAX_PORT) ports = [n];
    } else if (Object.hasOwn(PORT_NAMES, text)) {
      ports = PORT_NAMES[text]!.map((p) => BigInt(p));
    }
    if (!ports) {
      out.error_message = `'${text}' does not appear to be a port name or number`;
      break;
    }
    out.values.push(ports);
    out.display_value = out.values.map(displayOf).join(', ');
  }
  return out;
}

function portsOf(sql: FilterSql, v: ConvertedValue): string[] {
  const list = Array.isArray(v) ? v : [v];
  return list.map((p) => {
    if (typeof p === 'bigint') return sqlNumber(p);
    if (typeof p === 'string') return sql.text(p);
    throw new AdvancedFilterError('A port filter value must be a port');
  });
}

/** Superset's port_translate_filter_func. */
function translateFilter(sql: FilterSql, op: FilterOperator, values: ConvertedValue[]): string {
  const col = sql.column;
  if (op === 'IN' || op === 'NOT IN') {
    const all = values.flatMap((v) => portsOf(sql, v));
    if (all.length === 0) throw new AdvancedFilterError('Filter value list cannot be empty');
    const cond = `${col} IN (${all.join(', ')})`;
    return op === 'IN' ? cond : `NOT (${cond})`;
  }
  if (values.length !== 1)
    throw new AdvancedFilterError(`The ${op} operator takes one port or port name`);
  const v = values[0]!;
  const nums = (Array.isArray(v) ? v : [v]).filter((p): p is bigint => typeof p === 'bigint');
  const ports = portsOf(sql, v);
  nums.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const low = nums.length ? sqlNumber(nums[0]!) : ports[0]!;
  const high = nums.length ? sqlNumber(nums[nums.length - 1]!) : ports[0]!;
  switch (op) {
    case '==':
      return `${col} IN (${ports.join(', ')})`;
    case '!=':
      return `NOT (${col} IN (${ports.join(', ')}))`;
    case '>=':
      return `${col} >= ${low}`;
    case '>':
      return `${col} > ${low}`;
    case '<':
      return `${col} < ${high}`;
    case '<=':
      return `${col} <= ${high}`;
    default:
      throw new AdvancedFilterError(`The ${op} operator is not supported on ports`);
  }
}

export const port: AdvancedDataType = {
  verboseName: 'port',
  description: 'represents of a port',
  validDataTypes: ['int'],
  translateType: convert,
  translateFilter,
};
