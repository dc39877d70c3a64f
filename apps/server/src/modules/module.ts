import type { Logger } from 'pino';
import type { Config } from '../config/env';
import type { Database } from '../db/database';
import type { Clock } from '../deps';
import type { JobDefinition } from '../jobs/define-job';
import type { Queue } from '../jobs/queue';
import type { JobHandlers } from '../jobs/worker';
import type { AppModule } from '../plugins/define-module';
import type { Storage } from '../storage/storage';

/** What job handlers may use; each module's handler factory takes the parts it needs. */
export interface WorkerDeps {
  config: Config;
  db: Database;
  queue: Queue;
  storage: Storage;
  logger: Logger;
  clock: Clock;
  /** Every module's steps once a translation has finished (filled in by buildJobHandlers). */
  translationFinished?: (translationId: string) => Promise<void>;
}

/**
 * A module as the app and the worker see it: its routes (mounted under /api/v1 in the order given),
 * its job definitions and the handlers for them. Declared once in `<name>.module.ts` and listed in
 * modules/index.ts; the worker refuses to start while a listed job has no handler.
 */
export interface ServerModule {
  name: string;
  routes: readonly AppModule[];
  /**
   * Routes mounted at the site's root, outside /api/v1: no session cookie, no CSRF check, no
   * signed-in user; the module authenticates them itself (the reading apps' catalogue at /opds).
   */
  rootRoutes: readonly AppModule[];
  jobs: readonly JobDefinition[];
  handlers(deps: WorkerDeps): JobHandlers;
  /** What the module does once a translation has completed or failed (after its e-mail). */
  onTranslationFinished?: (deps: WorkerDeps) => (translationId: string) => Promise<void>;
}

/**
 * Declares a module; what it leaves out it does not have (no routes, no jobs).
 * @example export const booksServerModule = defineServerModule({ name: 'books', routes: [booksModule] });
 */
export function defineServerModule(module: {
  name: string;
  routes?: readonly AppModule[];
  rootRoutes?: readonly AppModule[];
  jobs?: readonly JobDefinition[];
  handlers?: (deps: WorkerDeps) => JobHandlers;
  onTranslationFinished?: (deps: WorkerDeps) => (translationId: string) => Promise<void>;
}): ServerModule {
  return {
    name: module.name,
    routes: module.routes ?? [],
    rootRoutes: module.rootRoutes ?? [],
    jobs: module.jobs ?? [],
    handlers: module.handlers ?? (() => ({})),
    ...(module.onTranslationFinished ? { onTranslationFinished: module.onTranslationFinished } : {}),
  };
}
