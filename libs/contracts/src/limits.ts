// `@wrenchlog/contracts/limits`: the form limits, defaults and messages the SPA uses before it sends,
// as plain values. Nothing here may import class-validator, class-transformer or reflect-metadata:
// the browser loads this entry at run time, while it takes only types from the main entry.
export * from './fuel/fuel.limits.js';
export * from './inventory/purchase.limits.js';
export * from './inventory/part.limits.js';
export * from './service-record/service-record.limits.js';
export * from './auth/auth.limits.js';
export * from './admin/user-admin.limits.js';
export * from './image/image.limits.js';
export * from './image/image-kinds.js';
export * from './document/document.limits.js';
export * from './machine/machine.limits.js';
export * from './history.limits.js';
export * from './schedule/schedule.limits.js';
export * from './import/import.limits.js';
export * from './notification/notification.limits.js';
export { atLeast, atMost, decimals, FIELD_REQUIRED } from './fuel/messages.js';
export * from './report/report.limits.js';
export * from './import/export.limits.js';
export * from './account/account.limits.js';
export * from './account/account.policy.js';
export * from './schedule/reading-batch.limits.js';
export * from './work/work.limits.js';
export * from './work/inspection.limits.js';
export * from './work/job-template.limits.js';
export * from './preferences/units.js';
export * from './preferences/preferences.limits.js';
