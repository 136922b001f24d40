export { buildApp, type StrataApp } from './app.js';
export { loadConfig, type Config } from './config/config.js';
export { defaultEngineRegistry } from './engines/index.js';
export {
  compileDatasetFrom,
  compileDialectFor,
  compileQuery,
  type CompileDataset,
  type CompileDialect,
} from './query/compile/index.js';
export { loadDatasetRecords } from './datasets/repository.js';
export { resolveTimeRange, withTimeBounds } from './chart_data/prepare.js';
