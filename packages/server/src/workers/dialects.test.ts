import { describe, expect, it } from 'vitest';
import { defaultEngineRegistry } from '../engines/index.js';
import { hasWorkerDialect, workerDialect } from './dialects.js';

describe('worker dialects', () => {
  it('are the quoting functions of every shipped engine', () => {
    const specs = defaultEngineRegistry().all();
    expect(specs.length).toBeGreaterThan(0);
    for (const spec of specs) {
      expect(hasWorkerDialect(spec.engine), spec.engine).toBe(true);
      const d = workerDialect(spec.engine);
      expect(d.literal, spec.engine).toBe(spec.literal);
      expect(d.quoteIdentifier, spec.engine).toBe(spec.quoteIdentifier);
    }
  });

  it('refuse an unknown engine', () => {
    expect(hasWorkerDialect('constructor')).toBe(false);
    expect(() => workerDialect('oracle')).toThrow('No worker dialect');
  });
});
