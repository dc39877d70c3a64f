import { defineServerModule } from '../module';
import {
  failedOriginalsJobDefinitions,
  failedOriginalsWorkerHandlers,
  libraryModule,
  translationJobDefinitions,
  translationsModule,
  translationWorkerHandlers,
} from './index';

/** The library, starting translations, the pipeline and the expiry of failed books' originals. */
export const translationsServerModule = defineServerModule({
  name: 'translations',
  routes: [libraryModule, translationsModule],
  jobs: [...translationJobDefinitions, ...failedOriginalsJobDefinitions],
  handlers: (deps) => ({ ...translationWorkerHandlers(deps), ...failedOriginalsWorkerHandlers(deps) }),
});
