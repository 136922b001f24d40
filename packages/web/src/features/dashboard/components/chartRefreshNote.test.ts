import { describe, expect, it } from 'vitest';
import { chartRefreshNote, timeAgo } from './chartRefreshNote';

const now = Date.parse('2026-11-28T12:00:00Z');

describe('chartRefreshNote', () => {
  it('says when the data was fetched', () => {
    expect(chartRefreshNote({ isCached: false, fetchedAt: now - 5_000, now })).toBe(
      'Fetched a few seconds ago',
    );
    expect(chartRefreshNote({ isCached: false, fetchedAt: now - 5 * 60_000, now })).toBe(
      'Fetched 5 minutes ago',
    );
    expect(chartRefreshNote({ isCached: false, fetchedAt: null, now })).toBe('');
  });

  it('says when cached data was cached, a server time read as UTC', () => {
    expect(
      chartRefreshNote({
        isCached: true,
        cachedDttm: '2026-11-28T10:00:00',
        fetchedAt: now - 1_000,
        now,
      }),
    ).toBe('Cached 2 hours ago');
    expect(
      chartRefreshNote({ isCached: true, cachedDttm: null, fetchedAt: now - 60_000, now }),
    ).toBe('Cached a minute ago');
  });

  it("words the time as moment's fromNow", () => {
    expect(timeAgo(now - 50 * 60_000, now)).toBe('an hour ago');
    expect(timeAgo(now - 3 * 86_400_000, now)).toBe('3 days ago');
    expect(timeAgo(now + 10_000, now)).toBe('a few seconds ago');
  });
});
