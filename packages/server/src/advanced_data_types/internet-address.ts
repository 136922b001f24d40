/**
 * Superset's built-in `internet_address` type (plugins/internet_address.py): IPv4/IPv6
 * addresses and CIDR ranges as integers — one address a number, a range `{start, end}`.
 */
import type { FilterOperator } from '@strata/core';
import { networkOfNumber, parseNetwork } from './ip.js';
import {
  AdvancedFilterError,
  displayOf,
  isDigits,
  pyRepr,
  pyStr,
  sqlNumber,
  type AdvancedDataType,
  type ConvertResult,
  type ConvertedValue,
  type FilterSql,
} from './types.js';

/** What Superset's cidr_func offers (FilterStringOperators names, in its order). */
const OPERATORS = [
  'EQUALS',
  'GREATER_THAN_OR_EQUAL',
  'GREATER_THAN',
  'IN',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
];

function convert(values: readonly unknown[]): ConvertResult {
  const out: ConvertResult = {
    values: [],
    error_message: '',
    display_value: '',
    valid_filter_operators: [...OPERATORS],
  };
  if (values.length === 1 && values[0] === '') {
    out.values.push('');
    return out;
  }
  for (const value of values) {
    const text = pyStr(value);
    const network = isDigits(text) ? networkOfNumber(BigInt(text)) : parseNetwork(text);
    if (!network) {
      const shown = isDigits(text) ? text : pyRepr(text);
      out.error_message = `${shown} does not appear to be an IPv4 or IPv6 network`;
      break;
    }
    out.values.push(
      network.first === network.last ? network.first : { start: network.first, end: network.last },
    );
    out.display_value = out.values.map(displayOf).join(', ');
  }
  return out;
}

type Range = { start: bigint; end: bigint };
const isRange = (v: ConvertedValue): v is Range =>
  typeof v === 'object' && !Array.isArray(v) && v !== null;

function scalar(sql: FilterSql, v: ConvertedValue): string {
  if (typeof v === 'bigint') return sqlNumber(v);
  if (typeof v === 'string') return sql.text(v);
  throw new AdvancedFilterError('An internet address filter value must be one address');
}

const within = (col: string, r: Range) =>
  `(${col} >= ${sqlNumber(r.start)} AND ${col} <= ${sqlNumber(r.end)})`;

/** Superset's cidr_translate_filter_func, with NOT IN meaning "outside every range". */
function translateFilter(sql: FilterSql, op: FilterOperator, values: ConvertedValue[]): string {
  const col = sql.column;
  if (op === 'IN' || op === 'NOT IN') {
    if (values.length === 0) throw new AdvancedFilterError('Filter value list cannot be empty');
    const singles = values.filter((v) => !isRange(v)).map((v) => scalar(sql, v));
    const ranges = values.filter(isRange);
    const parts: string[] = [];
    if (singles.length) parts.push(`${col} IN (${singles.join(', ')})`);
    for (const r of ranges) parts.push(within(col, r));
    const cond = parts.length > 1 ? `(${parts.join(' OR ')})` : parts[0]!;
    return op === 'IN' ? cond : `NOT ${cond.startsWith('(') ? cond : `(${cond})`}`;
  }
  if (values.length !== 1)
    throw new AdvancedFilterError(`The ${op} operator takes one internet address or range`);
  const v = values[0]!;
  if (isRange(v)) {
    switch (op) {
      case '==':
        return within(col, v);
      case '!=':
        return `(${col} < ${sqlNumber(v.start)} OR ${col} > ${sqlNumber(v.end)})`;
      case '>=':
        return `${col} >= ${sqlNumber(v.end)}`;
      case '>':
        return `${col} > ${sqlNumber(v.end)}`;
      case '<':
        return `${col} < ${sqlNumber(v.start)}`;
      case '<=':
        return `${col} <= ${sqlNumber(v.start)}`;
      default:
        break;
    }
  } else {
    const comparisons: Partial<Record<FilterOperator, string>> = {
      '==': '=',
      '!=': '<>',
      '>=': '>=',
      '>': '>',
      '<': '<',
      '<=': '<=',
    };
    const sqlOp = comparisons[op];
    if (sqlOp) return `${col} ${sqlOp} ${scalar(sql, v)}`;
  }
  throw new AdvancedFilterError(`The ${op} operator is not supported on internet addresses`);
}

export const internetAddress: AdvancedDataType = {
  verboseName: 'internet address',
  description: 'represents both an ip and cidr range',
  validDataTypes: ['int'],
  translateType: convert,
  translateFilter,
};
