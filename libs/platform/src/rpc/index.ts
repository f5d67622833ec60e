export * from './transport.js';
export * from './in-process.js';
export * from './rpc-call.error.js';
export * from './rpc-client.js';
export * from './ack.interceptor.js';
export * from './dead-letter.js';
export * from './rpc.module.js';
export * from './caller.decorator.js';
