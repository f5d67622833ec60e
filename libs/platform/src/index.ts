export * from './config/index.js';
export * from './errors/index.js';
export * from './rpc/index.js';
export * from './database/index.js';
export * from './logging/index.js';
export * from './bootstrap/index.js';
export * from './outbox/index.js';
export * from './validation/index.js';
