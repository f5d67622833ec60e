export * from './known-machine.entity.js';
