import { defineServerModule } from '../module';
import { accountPurgeJob, accountsWorkerHandlers } from './accounts.jobs';
import { accountsModule } from './accounts.routes';

/** The signed-in person's account: profile, settings, deletion (routes under /users/) and the purge. */
export const accountsServerModule = defineServerModule({
  name: 'accounts',
  routes: [accountsModule],
  jobs: [accountPurgeJob],
  handlers: accountsWorkerHandlers,
});
