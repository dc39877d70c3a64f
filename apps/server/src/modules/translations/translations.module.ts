import { defineServerModule } from '../module';
import { seriesGlossaryModule } from './brief/series-glossary.routes';
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
  routes: [libraryModule, translationsModule, seriesGlossaryModule],
  jobs: [...translationJobDefinitions, ...failedOriginalsJobDefinitions],
  handlers: (deps) => ({ ...translationWorkerHandlers(deps), ...failedOriginalsWorkerHandlers(deps) }),
});
