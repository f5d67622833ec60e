export * from './load-env.js';
export * from './platform-env.js';
export * from './config.module.js';
export * from './private-data.js';
