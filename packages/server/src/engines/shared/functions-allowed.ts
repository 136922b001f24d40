/**
 * Functions every engine's allow list starts from (issue 16 point 1): standard SQL names that
 * read only their arguments on DuckDB, SQLite, PostgreSQL and MySQL/MariaDB — aggregates,
 * arithmetic and math, strings, conditionals and null handling, casts, window functions. A
 * name that an engine does not have is harmless here (the engine answers "no such function").
 * Each engine adds its own names in `<engine>/functions-allowed.ts`. Left out on purpose:
 * functions that build large values or many rows from a small input (REPEAT, LPAD/RPAD, SPACE,
 * RANGE, GENERATE_SERIES, UNNEST), read files, settings, sequences or the catalog, call out,
 * sleep, or run SQL given as text. Upper case.
 */
import type { EngineSpec } from '../types.js';
// prettier-ignore
export const STANDARD_ALLOWED_FUNCTIONS: readonly string[] = [
  // aggregates
  'AVG', 'COUNT', 'MAX', 'MIN', 'SUM', 'STDDEV', 'STDDEV_POP', 'STDDEV_SAMP', 'VARIANCE',
  'VAR_POP', 'VAR_SAMP', 'CORR', 'COVAR_POP', 'COVAR_SAMP',
  // window functions
  'ROW_NUMBER', 'RANK', 'DENSE_RANK', 'PERCENT_RANK', 'CUME_DIST', 'NTILE', 'LAG', 'LEAD',
  'FIRST_VALUE', 'LAST_VALUE', 'NTH_VALUE',
  // arithmetic and math
  'ABS', 'CEIL', 'CEILING', 'FLOOR', 'ROUND', 'SIGN', 'SQRT', 'POWER', 'POW', 'EXP', 'LN', 'LOG',
  'LOG10', 'LOG2', 'MOD', 'PI', 'SIN', 'COS', 'TAN', 'ASIN', 'ACOS', 'ATAN', 'ATAN2', 'COT',
  'DEGREES', 'RADIANS', 'GREATEST', 'LEAST',
  // strings
  'LOWER', 'UPPER', 'LENGTH', 'CHAR_LENGTH', 'CHARACTER_LENGTH', 'TRIM', 'LTRIM', 'RTRIM',
  'SUBSTRING', 'SUBSTR', 'REPLACE', 'CONCAT', 'CONCAT_WS', 'LEFT', 'RIGHT', 'POSITION', 'REVERSE',
  // conditionals and null handling, casts
  'COALESCE', 'NULLIF', 'CAST',
  // date and time
  'EXTRACT', 'CURRENT_DATE', 'CURRENT_TIMESTAMP', 'CURRENT_TIME',
];

/**
 * The specs with `extra` functions added to their allow lists (STRATA_SQL_ALLOWED_FUNCTIONS:
 * engine name or `*` -> names). Specs without additions are returned as they are. Throws on an
 * engine name no spec has. Forbidden functions (fragment.ts) stay forbidden whatever is added.
 */
export function withAllowedFunctions(
  specs: EngineSpec[],
  extra: Record<string, readonly string[]>,
): EngineSpec[] {
  for (const engine of Object.keys(extra))
    if (engine !== '*' && !specs.some((s) => s.engine === engine))
      throw new Error(
        `STRATA_SQL_ALLOWED_FUNCTIONS names an unknown engine "${engine}" (known: ${specs.map((s) => s.engine).join(', ')}, or "*")`,
      );
  return specs.map((spec) => {
    const added = [...(extra['*'] ?? []), ...(extra[spec.engine] ?? [])];
    if (added.length === 0) return spec;
    const names = new Set([...spec.allowedFunctions, ...added.map((f) => f.toUpperCase())]);
    return { ...spec, allowedFunctions: [...names] };
  });
}
