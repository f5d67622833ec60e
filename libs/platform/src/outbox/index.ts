export * from './outbox-event.entity.js';
export * from './create-outbox.migration.js';
export * from './add-outbox-target.migration.js';
export * from './polled-drainer.js';
export * from './outbox.js';
export * from './outbox.module.js';
