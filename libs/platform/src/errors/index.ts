export * from './domain-error.js';
export * from './http-status.js';
export * from './rpc-error.filter.js';
export * from './transient.js';
