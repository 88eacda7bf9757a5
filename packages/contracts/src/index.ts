export * from './lang.js';
export * from './errors.js';
export * from './events.js';
export * from './health.js';
export * from './validation.js';
export * from './auth.js';
