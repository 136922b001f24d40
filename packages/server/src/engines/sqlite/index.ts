export { sqliteEngine } from './spec.js';
