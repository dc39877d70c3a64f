export * from './command';
export * from './run-cli';
