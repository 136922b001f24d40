import { describe, expect, it } from 'vitest';
import { asyncEventsSocketUrl, asyncEventsUrl, fetchAsyncResult } from './asyncEventsApi';

describe('async events addresses', () => {
  it('resumes the events call after the last id seen', () => {
    expect(asyncEventsUrl(null)).toBe('/api/v1/async_event/');
    expect(asyncEventsUrl('1700000000000-3')).toBe('/api/v1/async_event/?last_id=1700000000000-3');
  });

  it("opens the socket on the page's own origin, secure on https", () => {
    expect(asyncEventsSocketUrl({ protocol: 'http:', host: '127.0.0.1:8088' }, null)).toBe(
      'ws://127.0.0.1:8088/ws',
    );
    expect(asyncEventsSocketUrl({ protocol: 'https:', host: 'bi.example' }, '5-1')).toBe(
      'wss://bi.example/ws?last_id=5-1',
    );
  });

  it('reads no result from an address that is not a chart data result', async () => {
    await expect(fetchAsyncResult('https://elsewhere.example/x')).rejects.toThrow(
      'Failed at retrieving results.',
    );
  });
});
