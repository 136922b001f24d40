export { mysqlEngine } from './spec.js';
