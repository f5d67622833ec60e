export * from './bootstrap-service.js';
export * from './health.controller.js';
