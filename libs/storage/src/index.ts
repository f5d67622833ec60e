export * from './object-storage.js';
export * from './folder-storage.js';
export * from './s3-storage.js';
export * from './storage-env.js';
export * from './create-storage.js';
export * from './storage.module.js';
export * from './signed-links.js';
