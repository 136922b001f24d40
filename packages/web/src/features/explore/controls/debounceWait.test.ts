import { describe, expect, it } from 'vitest';
import { debounceWait } from './debounceWait';

describe('debounceWait', () => {
  it('waits the debounce after a first change', () => {
    expect(debounceWait(1000, null, 250, 500)).toBe(250);
  });
  it('restarts the wait on each change, never past the ceiling from the first one', () => {
    expect(debounceWait(1100, 1000, 250, 500)).toBe(250);
    expect(debounceWait(1300, 1000, 250, 500)).toBe(200);
    expect(debounceWait(1490, 1000, 250, 500)).toBe(10);
    expect(debounceWait(1600, 1000, 250, 500)).toBe(0);
  });
  it('keeps a debounce longer than the ceiling to the ceiling', () => {
    expect(debounceWait(0, null, 600, 500)).toBe(500);
  });
});
