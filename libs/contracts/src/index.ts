export * from './errors.js';
export * from './actor.js';
export * from './services.js';
export * from './events.js';
export * from './rpc.js';
export * from './auth/auth.contract.js';
export * from './user/user.contract.js';
