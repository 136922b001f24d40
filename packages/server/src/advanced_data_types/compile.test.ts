import type { QueryObject } from '@strata/core';
import { describe, expect, it } from 'vitest';
import { compileQuery, QueryValidationError, type CompileDataset } from '../query/compile/index.js';
import { DIALECTS } from '../query/compile/test-dialects.js';
import { advancedDataType } from './registry.js';

const LOGS: CompileDataset = {
  table_name: 'logs',
  schema: 'main',
  columns: [
    { column_name: 'src_ip', advanced_data_type: 'internet_address' },
    { column_name: 'dst_port', advanced_data_type: 'port' },
    { column_name: 'host' },
  ],
  metrics: [],
};
const on = { advancedDataTypes: advancedDataType };
const where = (q: QueryObject, o: object = on) =>
  compileQuery({ columns: ['host'], ...q }, LOGS, DIALECTS.duckdb, o)
    .sql.split('\n')
    .filter((l) => l.startsWith('WHERE') || l.startsWith('  AND'))
    .join('\n');

describe('filters on columns with an advanced data type (ENABLE_ADVANCED_DATA_TYPES)', () => {
  it('turns an internet_address IN filter into IN and range conditions', () => {
    expect(
      where({ filters: [{ col: 'src_ip', op: 'IN', val: ['192.168.0.1', '10.0.0.0/8'] }] }),
    ).toBe('WHERE ("src_ip" IN (3232235521) OR ("src_ip" >= 167772160 AND "src_ip" <= 184549375))');
  });

  it('translates =, !=, <, <=, >, >=, NOT IN on an address range', () => {
    const one = (op: string, val: unknown) =>
      where({ filters: [{ col: 'src_ip', op, val } as never] });
    expect(one('==', '10.0.0.0/8')).toBe('WHERE ("src_ip" >= 167772160 AND "src_ip" <= 184549375)');
    expect(one('!=', '10.0.0.0/8')).toBe('WHERE ("src_ip" < 167772160 OR "src_ip" > 184549375)');
    expect(one('<', '10.0.0.0/8')).toBe('WHERE "src_ip" < 167772160');
    expect(one('<=', '10.0.0.0/8')).toBe('WHERE "src_ip" <= 167772160');
    expect(one('>', '10.0.0.0/8')).toBe('WHERE "src_ip" > 184549375');
    expect(one('>=', '10.0.0.0/8')).toBe('WHERE "src_ip" >= 184549375');
    expect(one('NOT IN', ['10.0.0.0/8'])).toBe(
      'WHERE NOT ("src_ip" >= 167772160 AND "src_ip" <= 184549375)',
    );
    expect(one('==', '::1')).toBe('WHERE "src_ip" = 1');
  });

  it('turns port names into their numbers', () => {
    expect(where({ filters: [{ col: 'dst_port', op: 'IN', val: ['https', 'ftp'] }] })).toBe(
      'WHERE "dst_port" IN (443, 20, 21)',
    );
  });

  it('answers a value the type refuses with its message (400)', () => {
    expect(() => where({ filters: [{ col: 'src_ip', op: '==', val: "1.2.3.4' OR 1=1" }] })).toThrow(
      QueryValidationError,
    );
    expect(() => where({ filters: [{ col: 'src_ip', op: '==', val: 'nope' }] })).toThrow(
      "'nope' does not appear to be an IPv4 or IPv6 network",
    );
    expect(() => where({ filters: [{ col: 'dst_port', op: 'LIKE', val: 'http' }] })).toThrow(
      QueryValidationError,
    );
  });

  it('keeps IS NULL plain, and ignores the types when the flag is off', () => {
    expect(where({ filters: [{ col: 'src_ip', op: 'IS NULL' }] })).toBe('WHERE "src_ip" IS NULL');
    expect(where({ filters: [{ col: 'src_ip', op: '==', val: '10.0.0.1' }] }, {})).toBe(
      `WHERE "src_ip" = '10.0.0.1'`,
    );
  });
});
