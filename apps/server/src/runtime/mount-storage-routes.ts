import { API_PREFIX } from '@booktranslate/contract';
import type { FastifyInstance } from 'fastify';
import { LocalStorage } from '../storage/local-storage';
import type { Storage } from '../storage/storage';
import { storageRoutes } from '../storage/storage.routes';

/**
 * Makes sure the local driver's signed links have their routes. app.ts mounts them by listing
 * `storageModule`; when it does not, they are added here, so links never 404 in a running server.
 */
export async function mountStorageRoutes(app: FastifyInstance, storage: Storage): Promise<void> {
  if (!(storage instanceof LocalStorage)) return;
  if (app.hasRoute({ method: 'GET', url: `${API_PREFIX}/storage/download` })) return;
  await app.register(storageRoutes, { prefix: API_PREFIX, storage });
}
