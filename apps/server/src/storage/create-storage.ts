import { API_PREFIX } from '@booktranslate/contract';
import type { Config } from '../config/env';
import { LocalStorage } from './local-storage';
import { LocalUrlSigner } from './local-url-signer';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

/**
 * The driver the configuration names: local disk under DATA_DIR/files, or S3.
 * @example const storage = createStorage(config);
 */
export function createStorage(config: Pick<Config, 'storage' | 'sessionSecret'>): Storage {
  if (config.storage.driver === 's3') return new S3Storage(config.storage.s3);
  // Root-relative: the links work on whatever host name the page was opened with (127.0.0.1 while
  // PUBLIC_URL says localhost), and the page's CSP ('self') lets covers load.
  const signer = new LocalUrlSigner(config.sessionSecret, `${API_PREFIX}/storage`);
  return new LocalStorage(config.storage.localDir, signer);
}
