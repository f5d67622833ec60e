export * from './image-reconciler.js';
export * from './owned-images.js';
export * from './owned-images.module.js';
export * from './owned-images.rules.js';
