export { buildApp, type StrataApp } from './app.js';
export { loadConfig, type Config } from './config/config.js';
export { defaultEngineRegistry } from './engines/index.js';
