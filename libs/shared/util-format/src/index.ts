export * from './lib/money';
export * from './lib/dates';
export * from './lib/business-time';
export * from './lib/title';
export * from './lib/mask';
