export { buildApp, type StrataApp } from './app.js';
export { loadConfig, type Config } from './config/config.js';
