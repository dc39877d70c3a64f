export * from './api-error';
export * from './build-url';
export * from './content-disposition';
export * from './cookie-jar';
export * from './create-api-client';
export type { ApiClientOptions } from './transport';
export type { UploadProgress } from './upload-xhr';
