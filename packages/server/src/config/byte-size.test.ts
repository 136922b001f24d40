import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseByteSize } from './config.js';

describe('parseByteSize (issue 16 point 10: the results quotas)', () => {
  it('reads bytes and binary units', () => {
    expect(parseByteSize('0')).toBe(0);
    expect(parseByteSize('1048576')).toBe(2 ** 20);
    expect(parseByteSize('512M')).toBe(512 * 2 ** 20);
    expect(parseByteSize('512 MiB')).toBe(512 * 2 ** 20);
    expect(parseByteSize('10gb')).toBe(10 * 2 ** 30);
    expect(parseByteSize('1T')).toBe(2 ** 40);
  });

  it('refuses anything else', () => {
    for (const bad of ['', '-1', '1.5G', '10 apples', '1e9', '99999999999999999999']) {
      expect(parseByteSize(bad), bad).toBeNull();
    }
  });

  it('gives the quotas defaults and refuses a bad value by name', () => {
    const config = loadConfig({}, '/tmp');
    expect(config.resultsMaxBytesPerQuery).toBe(256 * 2 ** 20);
    expect(config.resultsMaxBytesPerUser).toBe(2 ** 30);
    expect(config.resultsMaxBytesTotal).toBe(10 * 2 ** 30);
    expect(loadConfig({ STRATA_RESULTS_MAX_BYTES_TOTAL: '0' }, '/tmp').resultsMaxBytesTotal).toBe(
      0,
    );
    expect(() => loadConfig({ STRATA_RESULTS_MAX_BYTES_PER_USER: 'lots' }, '/tmp')).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ STRATA_RESULTS_MAX_BYTES_PER_USER: 'lots' }, '/tmp')).toThrow(
      /STRATA_RESULTS_MAX_BYTES_PER_USER/,
    );
  });
});
