import { defineServerModule } from '../module';
import { booksJobDefinitions, booksWorkerHandlers } from './books.jobs';
import { booksModule } from './books.routes';

export const booksServerModule = defineServerModule({
  name: 'books',
  routes: [booksModule],
  jobs: booksJobDefinitions,
  handlers: booksWorkerHandlers,
});
