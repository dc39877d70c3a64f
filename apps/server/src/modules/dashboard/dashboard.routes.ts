import { routes } from '@booktranslate/contract';
import { contractRoute } from '../../plugins/contract-route';
import { defineModule } from '../../plugins/define-module';
import { dashboardRepository } from './dashboard.repository';

export const dashboardModule = defineModule('dashboard', async (app, { db }) => {
  app.route({
    ...contractRoute(routes.system.dashboardStats),
    config: {
      ...contractRoute(routes.system.dashboardStats).config,
      rateLimit: { max: 60, timeWindow: '1 minute' },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return dashboardRepository.stats(db);
    },
  });
});
