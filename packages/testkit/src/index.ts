export * from './corpus';
export * from './google/start-fake-google';
