export * from './ports.js';
export * from './servers.js';
export * from './product.js';
export * from './api-client.js';
export * from './e2e-products.js';
