import { defineModule } from '../plugins/define-module';
import { LocalStorage } from './local-storage';
import { storageRoutes } from './storage.routes';

/**
 * The local driver's signed download and upload routes as an app module (app.ts mounts it
 * after the modules'); with the S3 driver it mounts nothing, since links point at the store.
 */
export const storageModule = defineModule('storage', async (app, deps) => {
  if (!(deps.storage instanceof LocalStorage)) return;
  await app.register(storageRoutes, { storage: deps.storage });
});
