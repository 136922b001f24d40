import { describe, expect, it } from 'vitest';
import { fetchAllPages } from './paging';

function pagedSource(total: number, withCount = true) {
  const asked: number[] = [];
  const getPage = (page: number, pageSize: number) => {
    asked.push(page);
    const start = page * pageSize;
    const result = Array.from(
      { length: Math.max(0, Math.min(pageSize, total - start)) },
      (_, i) => start + i,
    );
    return Promise.resolve(withCount ? { result, count: total } : { result });
  };
  return { getPage, asked };
}

describe('fetchAllPages', () => {
  it('reads every page until the count is reached', async () => {
    const s = pagedSource(250);
    const items = await fetchAllPages(s.getPage, 100);
    expect(items).toHaveLength(250);
    expect(items[249]).toBe(249);
    expect(s.asked).toEqual([0, 1, 2]);
  });

  it('stops on an exact multiple without asking for an empty page when counted', async () => {
    const s = pagedSource(200);
    await fetchAllPages(s.getPage, 100);
    expect(s.asked).toEqual([0, 1]);
  });

  it('stops on a short page when there is no count', async () => {
    const s = pagedSource(200, false);
    expect(await fetchAllPages(s.getPage, 100)).toHaveLength(200);
    expect(s.asked).toEqual([0, 1, 2]);
  });

  it('gives up after maxPages', async () => {
    const endless = (page: number, size: number) =>
      Promise.resolve({ result: Array.from({ length: size }, () => page) });
    expect(await fetchAllPages(endless, 2, 3)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});
