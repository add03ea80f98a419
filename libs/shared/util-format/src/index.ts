export * from './lib/money';
export * from './lib/dates';
export * from './lib/title';
