export * from './valid-input.js';
