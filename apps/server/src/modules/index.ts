import { JobRegistry } from '../jobs/job-registry';
import type { JobHandlers } from '../jobs/worker';
import { accountsServerModule } from './accounts/accounts.module';
import { appPasswordsServerModule } from './app-passwords/app-passwords.module';
import { authServerModule } from './auth/auth.module';
import { billingServerModule } from './billing/billing.module';
import { booksServerModule } from './books/books.module';
import { dashboardServerModule } from './dashboard/dashboard.module';
import { deliveriesServerModule } from './deliveries/deliveries.module';
import { healthServerModule } from './health/health.module';
import { memoryServerModule } from './memory/memory.module';
import type { ServerModule, WorkerDeps } from './module';
import { opdsServerModule } from './opds/opds.module';
import { passagesServerModule } from './passages/passages.module';
import { publicConfigServerModule } from './public-config/public-config.module';
import { seriesServerModule } from './series/series.module';
import { supportServerModule } from './support/support.module';
import { translationsServerModule } from './translations/translations.module';

/**
 * Every module with routes or jobs, in the order their routes are mounted. The app, the worker and
 * the job registry all read this list; adding a module is one line here and its `<name>.module.ts`.
 */
export const serverModules: readonly ServerModule[] = [
  healthServerModule,
  dashboardServerModule,
  publicConfigServerModule,
  authServerModule,
  accountsServerModule,
  appPasswordsServerModule,
  booksServerModule,
  translationsServerModule,
  passagesServerModule,
  memoryServerModule,
  seriesServerModule,
  deliveriesServerModule,
  billingServerModule,
  supportServerModule,
  opdsServerModule,
];

/** Every job the product runs; the worker refuses to start until each one has a handler. */
export const jobRegistry = new JobRegistry(serverModules.flatMap((module) => module.jobs));

/** The handler for every job in jobRegistry, by name, from each module's own factory. */
export function buildJobHandlers(deps: WorkerDeps): JobHandlers {
  const hooks = serverModules.flatMap((module) => module.onTranslationFinished?.(deps) ?? []);
  // Each module's step runs whatever the others' do: one failing never stops the next.
  const translationFinished = async (translationId: string) => {
    for (const hook of hooks)
      await hook(translationId).catch((error: unknown) =>
        deps.logger.warn({ err: error, translationId }, 'a step after the translation finished failed'),
      );
  };
  const withHooks: WorkerDeps = { ...deps, translationFinished };
  return Object.assign({}, ...serverModules.map((module) => module.handlers(withHooks)));
}
