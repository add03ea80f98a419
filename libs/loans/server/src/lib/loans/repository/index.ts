// The SQL of loan applications and top-ups, one file per concern.
export * from './rows';
export * from './stats';
export * from './changes';
export * from './relations';
export * from './reports';
