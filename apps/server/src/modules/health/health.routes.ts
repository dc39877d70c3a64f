import { HealthResponse, routes } from '@booktranslate/contract';
import { checkDatabase } from '../../db/client';
import { contractRoute } from '../../plugins/contract-route';
import { defineModule } from '../../plugins/define-module';
import { APP_VERSION } from '../../version';
import { checkHealth } from './health.service';

export const healthModule = defineModule(
  'health',
  async (app, { db, checkDatabase: databaseCheck, storage, queue }) => {
    const route = contractRoute(routes.system.health);
    app.route({
      ...route,
      // 503 carries the same report, so the load balancer and the operator see which check failed.
      schema: { ...route.schema, response: { ...route.schema.response, 503: HealthResponse } },
      // A load balancer polls this; keep it cheap and never throttled by the per-route limits.
      handler: async (_request, reply) => {
        const report = await checkHealth(
          {
            database: databaseCheck ?? (() => checkDatabase(db)),
            storage: () => storage.check(),
            queue: () => queue.check(),
          },
          APP_VERSION,
        );
        reply.header('cache-control', 'no-store');
        return reply.code(report.status === 'ok' ? 200 : 503).send(report);
      },
    });
  },
);
