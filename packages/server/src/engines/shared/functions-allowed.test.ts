import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.js';
import { compileDialectFor } from '../../query/compile/dialect.js';
import { fragmentProblem } from '../../query/compile/fragment.js';
import { requestPolicy } from '../../query/compile/context.js';
import { defaultEngineRegistry } from '../index.js';
import { withAllowedFunctions } from './functions-allowed.js';

describe('allow lists of functions (issue 16, point 1)', () => {
  it('live on every engine spec, upper case, without the forbidden functions', () => {
    for (const spec of defaultEngineRegistry().all()) {
      expect(spec.allowedFunctions.length, spec.engine).toBeGreaterThan(50);
      for (const f of spec.allowedFunctions) expect(f, spec.engine).toBe(f.toUpperCase());
      for (const f of ['PG_READ_FILE', 'LOAD_FILE', 'SLEEP', 'READ_CSV', 'NEXTVAL', 'REPEAT'])
        expect(spec.allowedFunctions, spec.engine).not.toContain(f);
    }
  });

  it('are extended by STRATA_SQL_ALLOWED_FUNCTIONS, per engine or for all ("*")', () => {
    const config = loadConfig({
      STRATA_SQL_ALLOWED_FUNCTIONS: '{"postgresql": ["my_fn"], "*": ["median"]}',
    });
    expect(config.sqlAllowedFunctions).toEqual({ postgresql: ['my_fn'], '*': ['median'] });
    const registry = defaultEngineRegistry({ allowedFunctions: config.sqlAllowedFunctions });
    const pg = registry.byEngine('postgresql')!;
    const mysql = registry.byEngine('mysql')!;
    expect(pg.allowedFunctions).toEqual(expect.arrayContaining(['MY_FN', 'MEDIAN']));
    expect(mysql.allowedFunctions).toContain('MEDIAN');
    expect(mysql.allowedFunctions).not.toContain('MY_FN');
    const policy = (spec: typeof pg) => requestPolicy(compileDialectFor(spec));
    expect(fragmentProblem('my_fn(x)', 'postgresql', policy(pg))).toBeNull();
    expect(fragmentProblem('my_fn(x)', 'mysql', policy(mysql))).toMatch(/not an allowed/);
    // The shipped specs are not changed.
    expect(defaultEngineRegistry().byEngine('postgresql')!.allowedFunctions).not.toContain('MY_FN');
  });

  it('cannot make a forbidden function callable', () => {
    const [pg] = withAllowedFunctions([defaultEngineRegistry().byEngine('postgresql')!], {
      postgresql: ['pg_read_file'],
    });
    const policy = requestPolicy(compileDialectFor(pg!));
    expect(fragmentProblem("pg_read_file('/etc/passwd')", 'postgresql', policy)).toBe(
      'cannot call pg_read_file',
    );
  });

  it('refuses bad settings naming the variable', () => {
    for (const bad of ['[1]', '{"postgresql": "x"}', '{"pg": ["a b"]}', 'nope', '{"PG": ["x"]}'])
      expect(() => loadConfig({ STRATA_SQL_ALLOWED_FUNCTIONS: bad }), bad).toThrow(
        /STRATA_SQL_ALLOWED_FUNCTIONS/,
      );
    expect(() => defaultEngineRegistry({ allowedFunctions: { oracle: ['x'] } })).toThrow(
      /unknown engine "oracle"/,
    );
  });
});
