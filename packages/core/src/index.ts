export * from './constants.js';
export * from './messages.js';
export * from './rison.js';
export * from './list.js';
export * from './security.js';
export * from './text.js';
export * from './time-grains.js';
export * from './sqllab.js';
