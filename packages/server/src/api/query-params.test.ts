import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { datasourceKeyId, MAX_ID, parseId } from './query-params.js';

describe('ids from requests', () => {
  it('takes ids an integer column holds, and answers 404 for others', () => {
    expect(parseId('42')).toBe(42);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
    for (const bad of [String(MAX_ID + 1), '99999999999', '-1', '1e3', '', 'abc']) {
      expect(() => parseId(bad), bad).toThrow(ApiError);
    }
  });

  it('reads datasource keys', () => {
    expect(datasourceKeyId('12__table')).toBe(12);
    expect(datasourceKeyId('12__dataset')).toBe(12);
    expect(datasourceKeyId('12__query')).toBeNull();
    expect(datasourceKeyId('99999999999__table')).toBeNull();
    expect(datasourceKeyId(`${MAX_ID + 1}__table`)).toBeNull();
    expect(datasourceKeyId('0__table')).toBeNull();
  });
});
