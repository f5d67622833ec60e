export * from './database-url.js';
export * from './ensure-database.js';
export * from './data-source-options.js';
export * from './database.module.js';
export * from './portable-types.js';
export * from './create-once.js';
export * from './compiled-select.js';
export * from './query-logger.js';
