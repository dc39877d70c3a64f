import { routes } from '@booktranslate/contract';
import { contractRoute } from '../../plugins/contract-route';
import { defineModule } from '../../plugins/define-module';
import { signedInUser } from '../auth/session.plugin';
import { getProfile } from './users.service';

export const usersModule = defineModule('users', async (app, { db }) => {
  app.route({
    ...contractRoute(routes.users.getProfile),
    handler: (request) => getProfile(db, signedInUser(request).userId),
  });
});
