export * from './plugin.js';
