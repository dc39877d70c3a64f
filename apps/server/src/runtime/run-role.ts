import { configureSandbox } from '@booktranslate/ebook/sandbox';
import { preloadReplyLanguageCheck } from '@booktranslate/translator';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from '../app';
import type { Config } from '../config/env';
import { systemClock } from '../deps';
import { jobStartLedger } from '../jobs/job-starts.repository';
import { startWorker } from '../jobs/worker';
import { startMetricsServer } from '../metrics/metrics-server';
import { buildJobHandlers } from '../modules';
import { pipelineLogBindings } from '../modules/translations';
import { sweepTemporaryFiles } from '../storage/sweep-temporary-files';
import { openInfrastructure } from './infrastructure';
import { assertRoleSupported } from './parse-role';

export interface Running {
  /** Stops accepting requests, lets running jobs finish, closes the database. */
  stop(): Promise<void>;
}

/**
 * Starts what the role needs. `serve` = API + worker in one process (the default), `api` = HTTP only,
 * `worker` = jobs only, `migrate` = apply migrations and return. `serve` and `api` migrate on start
 * (PostgreSQL serialises concurrent migrators with an advisory lock); `worker` expects a migrated database.
 */
export async function runRole(config: Config, logger: Logger): Promise<Running> {
  const { role } = config;
  assertRoleSupported(config);
  // Uploads, quotes and pipeline jobs read books in child processes with this budget (decisions 110, 210).
  configureSandbox(config.bookReading);
  const infra = await openInfrastructure(config, logger);
  try {
    if (role !== 'worker') await infra.handle.migrate();
    // Installs pg-boss's tables and one queue per job definition; the api role needs them to send.
    await infra.queue.start();
    if (role === 'migrate') {
      await infra.close();
      logger.info('migrations applied');
      return { stop: async () => {} };
    }
    // What a previous process left mid-write (killed during an upload) goes before anything is served.
    const swept = await sweepTemporaryFiles(infra.storage, systemClock.now());
    if (swept > 0) logger.info({ deleted: swept }, 'unfinished temporary files swept');
    if (role === 'serve' || role === 'worker') {
      const deps = {
        config,
        db: infra.handle.db,
        queue: infra.queue,
        storage: infra.storage,
        logger,
        clock: systemClock,
      };
      // The reply checks' language detector compiles for about a second: before jobs and requests.
      await preloadReplyLanguageCheck();
      await startWorker(infra.queue, buildJobHandlers(deps), {
        logger,
        pollingIntervalSeconds: 1,
        starts: jobStartLedger(infra.handle.db),
        logBindings: pipelineLogBindings(infra.handle.db),
      });
      logger.info({ jobs: infra.queue.registry.all().length }, 'worker started');
    }
    let app: FastifyInstance | undefined;
    if (role === 'serve' || role === 'api') {
      app = await buildApp({
        config,
        db: infra.handle.db,
        checkDatabase: infra.handle.check,
        queue: infra.queue,
        storage: infra.storage,
        logger,
      });
      await app.listen({ port: config.port, host: config.host });
    }
    const metrics = await startMetricsServer(config, { db: infra.handle.db, queue: infra.queue });
    return {
      async stop() {
        await app?.close();
        await metrics?.close();
        await infra.close();
      },
    };
  } catch (error) {
    await infra.close().catch(() => {});
    throw error;
  }
}
