import { describe, expect, it } from 'vitest';
import { internetAddress } from './internet-address.js';
import { port } from './port.js';
import { advancedDataType } from './registry.js';
import { exactJson, type FilterSql } from './types.js';

const json = (v: unknown) => JSON.parse(exactJson(v)) as unknown;
const OPS = [
  'EQUALS',
  'GREATER_THAN_OR_EQUAL',
  'GREATER_THAN',
  'IN',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
];
const sql: FilterSql = { column: '"ip"', text: (s) => `'${s.replace(/'/g, "''")}'` };

describe('internet_address conversion (Superset cidr_func)', () => {
  it('turns an IPv4 address into its integer', () => {
    const r = internetAddress.translateType(['192.168.0.1']);
    expect(r).toEqual({
      values: [3232235521n],
      error_message: '',
      display_value: '3232235521',
      valid_filter_operators: OPS,
    });
  });

  it('turns a CIDR range into {start, end}, host bits cleared (strict=False)', () => {
    const r = internetAddress.translateType(['10.1.2.3/8', '192.168.1.0/255.255.255.0']);
    expect(r.values).toEqual([
      { start: 167772160n, end: 184549375n },
      { start: 3232235776n, end: 3232236031n },
    ]);
    expect(r.display_value).toBe('167772160 - 184549375, 3232235776 - 3232236031');
    expect(r.error_message).toBe('');
  });

  it('keeps a /32 a single number and reads host masks', () => {
    expect(internetAddress.translateType(['1.2.3.4/32']).values).toEqual([16909060n]);
    expect(internetAddress.translateType(['10.0.0.0/0.0.0.255']).values).toEqual([
      { start: 167772160n, end: 167772415n },
    ]);
  });

  it('reads IPv6 addresses and ranges exactly, past 2^53', () => {
    const r = internetAddress.translateType(['2001:db8::1', '2001:db8::/126', '::ffff:1.2.3.4']);
    expect(r.values).toEqual([
      0x20010db8000000000000000000000001n,
      { start: 0x20010db8000000000000000000000000n, end: 0x20010db8000000000000000000000003n },
      0xffff01020304n,
    ]);
    expect(r.display_value).toBe(
      '42540766411282592856903984951653826561, 42540766411282592856903984951653826560 - 42540766411282592856903984951653826563, 281470698652420',
    );
    // The JSON text carries the exact digits.
    expect(exactJson(r.values[0])).toBe('42540766411282592856903984951653826561');
  });

  it('reads a whole number as an address (IPv4 below 2^32, else IPv6)', () => {
    expect(internetAddress.translateType(['3232235521', 4294967296]).values).toEqual([
      3232235521n,
      4294967296n,
    ]);
  });

  it('stops at the first bad value with Python ipaddress message, keeping earlier ones', () => {
    const r = internetAddress.translateType(['1.2.3.4', 'abc', '5.6.7.8']);
    expect(r.values).toEqual([16909060n]);
    expect(r.display_value).toBe('16909060');
    expect(r.error_message).toBe("'abc' does not appear to be an IPv4 or IPv6 network");
    for (const bad of [
      '256.1.1.1',
      '1.2.3',
      '01.2.3.4',
      '1.2.3.4/33',
      '1::2::3',
      '10.0.0.0/255.0.255.0',
      'gggg::1',
    ]) {
      expect(internetAddress.translateType([bad]).error_message).toBe(
        `'${bad}' does not appear to be an IPv4 or IPv6 network`,
      );
    }
    expect(internetAddress.translateType([true]).error_message).toBe(
      "'True' does not appear to be an IPv4 or IPv6 network",
    );
    expect(internetAddress.translateType(["it's"]).error_message).toBe(
      `"it's" does not appear to be an IPv4 or IPv6 network`,
    );
    const huge = (1n << 128n).toString();
    expect(internetAddress.translateType([huge]).error_message).toBe(
      `${huge} does not appear to be an IPv4 or IPv6 network`,
    );
  });

  it('answers [""] for one empty value, as Superset', () => {
    const r = internetAddress.translateType(['']);
    expect(r.values).toEqual(['']);
    expect(r.display_value).toBe('');
  });
});

describe('port conversion (Superset port_translation_func)', () => {
  it('turns numbers and names into lists of ports', () => {
    const r = port.translateType(['https', '8080', 'ftp', 22]);
    expect(json(r)).toEqual({
      values: [[443], [8080], [20, 21], [22]],
      error_message: '',
      display_value: '[443], [8080], [20, 21], [22]',
      valid_filter_operators: OPS,
    });
  });

  it('refuses ports outside 1..65535 and unknown names', () => {
    expect(port.translateType(['0']).error_message).toBe(
      "'0' does not appear to be a port name or number",
    );
    expect(port.translateType(['65536']).error_message).toBe(
      "'65536' does not appear to be a port name or number",
    );
    const r = port.translateType(['http', 'HTTP']);
    expect(r.values).toEqual([[80n]]);
    expect(r.error_message).toBe("'HTTP' does not appear to be a port name or number");
    expect(port.translateType(['constructor']).error_message).toBe(
      "'constructor' does not appear to be a port name or number",
    );
  });

  it('answers [[""]] for one empty value', () => {
    expect(port.translateType(['']).values).toEqual([['']]);
  });
});

describe('translate_filter', () => {
  const ip = (v: string[]) => internetAddress.translateType(v).values;
  it('internet_address: IN mixes single addresses and ranges; NOT IN is its negation', () => {
    expect(internetAddress.translateFilter(sql, 'IN', ip(['1.2.3.4', '10.0.0.0/8']))).toBe(
      '("ip" IN (16909060) OR ("ip" >= 167772160 AND "ip" <= 184549375))',
    );
    expect(internetAddress.translateFilter(sql, 'NOT IN', ip(['10.0.0.0/8']))).toBe(
      'NOT ("ip" >= 167772160 AND "ip" <= 184549375)',
    );
    expect(internetAddress.translateFilter(sql, 'NOT IN', ip(['1.2.3.4']))).toBe(
      'NOT ("ip" IN (16909060))',
    );
  });

  it('internet_address: comparisons against an address or the ends of a range', () => {
    const range = ip(['10.0.0.0/8']);
    expect(internetAddress.translateFilter(sql, '==', range)).toBe(
      '("ip" >= 167772160 AND "ip" <= 184549375)',
    );
    expect(internetAddress.translateFilter(sql, '!=', range)).toBe(
      '("ip" < 167772160 OR "ip" > 184549375)',
    );
    expect(internetAddress.translateFilter(sql, '>=', range)).toBe('"ip" >= 184549375');
    expect(internetAddress.translateFilter(sql, '>', range)).toBe('"ip" > 184549375');
    expect(internetAddress.translateFilter(sql, '<', range)).toBe('"ip" < 167772160');
    expect(internetAddress.translateFilter(sql, '<=', range)).toBe('"ip" <= 167772160');
    expect(internetAddress.translateFilter(sql, '==', ip(['1.2.3.4']))).toBe('"ip" = 16909060');
    expect(internetAddress.translateFilter(sql, '!=', ip(['1.2.3.4']))).toBe('"ip" <> 16909060');
    expect(() => internetAddress.translateFilter(sql, 'LIKE', ip(['1.2.3.4']))).toThrow(/LIKE/);
    expect(() => internetAddress.translateFilter(sql, '==', ip(['1.2.3.4', '1.2.3.5']))).toThrow();
  });

  it('port: IN over every port of every value; comparisons on the lowest/highest', () => {
    const v = port.translateType(['ftp', 'https']).values;
    expect(port.translateFilter(sql, 'IN', v)).toBe('"ip" IN (20, 21, 443)');
    expect(port.translateFilter(sql, 'NOT IN', v)).toBe('NOT ("ip" IN (20, 21, 443))');
    const ftp = port.translateType(['ftp']).values;
    expect(port.translateFilter(sql, '==', ftp)).toBe('"ip" IN (20, 21)');
    expect(port.translateFilter(sql, '!=', ftp)).toBe('NOT ("ip" IN (20, 21))');
    expect(port.translateFilter(sql, '>', ftp)).toBe('"ip" > 20');
    expect(port.translateFilter(sql, '>=', ftp)).toBe('"ip" >= 20');
    expect(port.translateFilter(sql, '<', ftp)).toBe('"ip" < 21');
    expect(port.translateFilter(sql, '<=', ftp)).toBe('"ip" <= 21');
  });

  it('the registry knows only the built-in types', () => {
    expect(advancedDataType('port')).toBe(port);
    expect(advancedDataType('internet_address')).toBe(internetAddress);
    expect(advancedDataType('toString')).toBeNull();
    expect(advancedDataType(null)).toBeNull();
  });
});
