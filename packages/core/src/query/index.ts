export * from './operators.js';
export * from './schemas.js';
export type * from './types.js';
export * from './labels.js';
export * from './adhoc-filters.js';
export * from './extra-form-data.js';
