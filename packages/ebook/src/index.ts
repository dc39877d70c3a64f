export * from './errors';
export type * from './model';
export type * from './options';
