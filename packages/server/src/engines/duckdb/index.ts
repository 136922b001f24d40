export { duckdbEngine } from './spec.js';
