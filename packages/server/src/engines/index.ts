import { duckdbEngine } from './duckdb/index.js';
import { mysqlEngine } from './mysql/index.js';
import { postgresqlEngine } from './postgresql/index.js';
import { EngineRegistry } from './registry.js';
import { sqliteEngine } from './sqlite/index.js';

/** Every engine the app ships with. Adding one: its folder, and one line here. */
export function defaultEngineRegistry(): EngineRegistry {
  return new EngineRegistry([duckdbEngine, postgresqlEngine, mysqlEngine, sqliteEngine]);
}
