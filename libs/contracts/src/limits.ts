// `@wrenchlog/contracts/limits`: the form limits and messages the SPA checks against before it sends,
// as plain values. Nothing here may import class-validator, class-transformer or reflect-metadata:
// the browser loads this entry at run time, while it takes only types from the main entry.
export * from './fuel/fuel.limits.js';
export * from './inventory/purchase.limits.js';
export { atLeast, atMost, decimals, FIELD_REQUIRED } from './fuel/messages.js';
