import { defineModule } from '../plugins/define-module';
import type { Storage } from './storage';
import { storageRoutes } from './storage.routes';

/**
 * The local driver's signed download and upload routes as an app module (list it in app.ts
 * `modules`); with the S3 driver it mounts nothing, since links point at the store.
 */
export const storageModule = defineModule('storage', async (app, deps) => {
  const storage = deps.storage as Partial<Storage>;
  if (typeof storage.put !== 'function') return;
  await app.register(storageRoutes, { storage: storage as Storage });
});
