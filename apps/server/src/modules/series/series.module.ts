import { defineServerModule } from '../module';
import { seriesModule } from './series.routes';

/** Series of books: suggested from the books' metadata, named by the user, one glossary each. */
export const seriesServerModule = defineServerModule({ name: 'series', routes: [seriesModule] });
