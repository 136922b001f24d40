import { describe, expect, it } from 'vitest';
import { embedCode, shareByEmailUrl } from './chartExports';

describe('chart sharing', () => {
  it('makes the embed iframe in standalone mode', () => {
    const code = embedCode('http://x/superset/explore/p/abc/', 600, 400);
    expect(code).toContain('src="http://x/superset/explore/p/abc/?standalone=1&height=400"');
    expect(code).toContain('width="600"');
  });

  it('makes a mailto link with the chart and its address', () => {
    expect(shareByEmailUrl('Births', 'http://x/p/1')).toBe(
      'mailto:?Subject=Strata%3A%20Births&Body=Check%20out%20this%20chart%3A%20http%3A%2F%2Fx%2Fp%2F1',
    );
  });
});
