export * from './lanes.js';
export * from './applied-position.entity.js';
export * from './create-applied-positions.migration.js';
export * from './applied-log.js';
export * from './consistency.interceptor.js';
export * from './consistency.controller.js';
export * from './session-positions.js';
