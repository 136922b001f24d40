import { describe, expect, it } from 'vitest';
import { parsePreloaded, takePreloaded } from './preloaded';

describe('parsePreloaded', () => {
  it("reads the page's answers by path, and nothing from a missing or broken block", () => {
    const answers = parsePreloaded('{"/api/v1/dashboard/1":{"result":{"id":1}}}');
    expect([...answers.entries()]).toEqual([['/api/v1/dashboard/1', { result: { id: 1 } }]]);
    expect(parsePreloaded(null).size).toBe(0);
    expect(parsePreloaded('{broken').size).toBe(0);
    expect(parsePreloaded('[1,2]').size).toBe(0);
  });

  it('has nothing to give outside a page', () => {
    expect(takePreloaded('/api/v1/dashboard/1')).toBeUndefined();
  });
});
