export * from './errors';
export * from './route';
export * from './session';
export * from './csrf';
export * from './rate-limit';
export * from './audit';
export * from './openapi';
export * from './session-cache';
