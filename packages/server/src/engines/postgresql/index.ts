export { postgresqlEngine } from './spec.js';
