import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEWPORT, viewportOf } from './ViewportControl';

describe('viewport control', () => {
  it('keeps valid numbers and falls back to the default viewport', () => {
    expect(viewportOf(null)).toEqual(DEFAULT_VIEWPORT);
    expect(viewportOf({ longitude: '2.35', latitude: 48.85, zoom: 'x', pitch: null })).toEqual({
      ...DEFAULT_VIEWPORT,
      longitude: 2.35,
      latitude: 48.85,
    });
  });
});

describe('async select control', () => {
  it('maps the answer to options', async () => {
    const { asyncOptions } = await import('./SelectAsyncControl');
    expect(asyncOptions({ result: [{ id: 1, name: 'a' }, { id: null }, { id: 'x' }] })).toEqual([
      { value: 1, label: 'a' },
      { value: 'x', label: 'x' },
    ]);
    expect(asyncOptions([{ key: 'k', text: 'K' }], 'key', 'text')).toEqual([
      { value: 'k', label: 'K' },
    ]);
    expect(asyncOptions(null)).toEqual([]);
  });
});
