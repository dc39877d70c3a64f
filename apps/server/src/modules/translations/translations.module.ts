import { defineServerModule } from '../module';
import { glossaryReviewsJobDefinitions, glossaryReviewsWorkerHandlers } from './brief/glossary-reviews.jobs';
import { seriesGlossaryModule } from './brief/series-glossary.routes';
import {
  failedOriginalsJobDefinitions,
  failedOriginalsWorkerHandlers,
  libraryModule,
  translationJobDefinitions,
  translationsModule,
  translationWorkerHandlers,
} from './index';

/**
 * The library, starting translations, the pipeline, the expiry of failed books' originals and of
 * glossary reviews left waiting.
 */
export const translationsServerModule = defineServerModule({
  name: 'translations',
  routes: [libraryModule, translationsModule, seriesGlossaryModule],
  jobs: [...translationJobDefinitions, ...failedOriginalsJobDefinitions, ...glossaryReviewsJobDefinitions],
  handlers: (deps) => ({
    ...translationWorkerHandlers(deps),
    ...failedOriginalsWorkerHandlers(deps),
    ...glossaryReviewsWorkerHandlers(deps),
  }),
});
