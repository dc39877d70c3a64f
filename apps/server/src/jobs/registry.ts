import { booksJobDefinitions } from '../modules/books/books.jobs';
import { failedOriginalsJobDefinitions, translationJobDefinitions } from '../modules/translations';
import { usersJobDefinitions } from '../modules/users/users.jobs';
import type { JobDefinition } from './define-job';
import { JobRegistry } from './job-registry';

/**
 * Every job the product runs. Define a job beside its module (`<module>.jobs.ts`, with defineJob)
 * and add it here; the worker refuses to start until it has a handler for each one.
 */
export const jobDefinitions: readonly JobDefinition[] = [
  ...translationJobDefinitions,
  ...usersJobDefinitions,
  ...booksJobDefinitions,
  ...failedOriginalsJobDefinitions,
];

export const jobRegistry = new JobRegistry(jobDefinitions);
