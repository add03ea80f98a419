// The rules of loan applications and top-ups, one file per concern.
export * from './common';
export * from './lists';
export * from './changes';
export * from './stats';
export * from './reports';
