export * from './account-member.entity.js';
export * from './account-columns.migration.js';
export * from './member-directory.js';
export * from './members.module.js';
export * from './audited-account-row.js';
export * from './account-purge.js';
