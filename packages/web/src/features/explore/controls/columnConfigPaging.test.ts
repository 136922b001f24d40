import { describe, expect, it } from 'vitest';
import { columnConfigPage } from './columnConfigPaging';

const cols = (n: number) => Array.from({ length: n }, (_, i) => `c${i + 1}`);

describe('column config paging', () => {
  it('shows every column up to 12, without a toggle', () => {
    expect(columnConfigPage(cols(12), false)).toEqual({ shown: cols(12), hasToggle: false });
    expect(columnConfigPage([], false)).toEqual({ shown: [], hasToggle: false });
  });
  it('shows the first 10 of 13 or more until all are asked for', () => {
    const page = columnConfigPage(cols(13), false);
    expect(page.hasToggle).toBe(true);
    expect(page.shown).toEqual(cols(10));
    expect(columnConfigPage(cols(13), true)).toEqual({ shown: cols(13), hasToggle: true });
  });
});
