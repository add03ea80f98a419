/** The field vocabulary: one schema per kind of value, for every domain's requests and answers. */
export * from './ids';
export * from './money';
export * from './nrc';
export * from './mobile';
export * from './dates';
export * from './text';
export * from './paging';
