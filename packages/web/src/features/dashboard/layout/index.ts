export * from './tree';
export * from './edits';
export * from './history';
