import { routes } from '@booktranslate/contract';
import { contractRoute } from '../../plugins/contract-route';
import { defineModule } from '../../plugins/define-module';
import { signedInUser } from '../auth/session.plugin';
import { memoryRepository } from './memory.repository';

const r = routes.memory;

/** The user's translation memory: what it holds, and forgetting it (Settings). */
export const memoryModule = defineModule('memory', async (app, deps) => {
  app.route({
    ...contractRoute(r.getTranslationMemory),
    handler: async (request) => memoryRepository.summary(deps.db, signedInUser(request).userId),
  });
  app.route({
    ...contractRoute(r.clearTranslationMemory),
    handler: async (request) => {
      const { userId } = signedInUser(request);
      await memoryRepository.clear(deps.db, userId);
      return memoryRepository.summary(deps.db, userId);
    },
  });
});
