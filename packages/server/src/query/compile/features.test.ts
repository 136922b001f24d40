import { describe, expect, it } from 'vitest';
import { containsPattern, engineFeatures } from './features.js';
import { duckdbEngine } from '../../engines/duckdb/index.js';
import { mysqlEngine } from '../../engines/mysql/index.js';
import { postgresqlEngine } from '../../engines/postgresql/index.js';
import { sqliteEngine } from '../../engines/sqlite/index.js';

const SHIPPED_ENGINES = [duckdbEngine, postgresqlEngine, mysqlEngine, sqliteEngine];
import { compileDialectFor } from './dialect.js';

describe('engine features', () => {
  it('matches a search text literally, ignoring case', () => {
    expect(containsPattern('ab')).toBe('%ab%');
    expect(containsPattern('50%_off!')).toBe('%50!%!_off!!%');
  });

  it('says REGEX compiles exactly where the engine information says so', () => {
    for (const spec of SHIPPED_ENGINES) {
      const features = engineFeatures(compileDialectFor(spec, true));
      const info = spec.describe().engine_information;
      expect(features.regex('c', 'x') !== null, spec.engine).toBe(info.supports_regex);
      expect(features.containsText('c', "it's")).toMatch(/ESCAPE '!'$/);
      // The compiler has no LATEST PARTITION on any shipped engine (filters.ts rejects it).
      expect(info.supports_latest_partition, spec.engine).toBe(false);
    }
  });
});
