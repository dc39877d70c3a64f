import type { Storage } from '../../storage/storage';

/** What the pipeline and covers need from storage: whole small objects in and out (books are parsed in memory). */
export type FileStore = Pick<Storage, 'get' | 'stat' | 'put' | 'delete'>;

/** What the books and translations modules use of the storage driver. */
export type BookStorage = Pick<
  Storage,
  'put' | 'get' | 'stat' | 'copy' | 'delete' | 'deletePrefix' | 'signedDownloadUrl' | 'signedUpload'
>;
