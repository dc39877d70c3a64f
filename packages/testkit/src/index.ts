export * from './corpus';
