import { duckdbEngine } from './duckdb/index.js';
import { mysqlEngine } from './mysql/index.js';
import { postgresqlEngine } from './postgresql/index.js';
import { EngineRegistry } from './registry.js';
import { withAllowedFunctions } from './shared/functions-allowed.js';
import { sqliteEngine } from './sqlite/index.js';

/**
 * Every engine the app ships with. Adding one: its folder, and one line here.
 * `allowedFunctions`: functions added to the engines' allow lists (engine name or `*` -> names,
 * STRATA_SQL_ALLOWED_FUNCTIONS).
 */
export function defaultEngineRegistry(
  options: { allowedFunctions?: Record<string, readonly string[]> } = {},
): EngineRegistry {
  const specs = [duckdbEngine, postgresqlEngine, mysqlEngine, sqliteEngine];
  return new EngineRegistry(withAllowedFunctions(specs, options.allowedFunctions ?? {}));
}
