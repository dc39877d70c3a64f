import { appPasswordsRoutes } from './app-passwords';
import { authRoutes } from './auth';
import { billingRoutes } from './billing';
import { booksRoutes } from './books';
import { deliveriesRoutes } from './deliveries';
import { memoryRoutes } from './memory';
import { passagesRoutes } from './passages';
import { seriesRoutes } from './series';
import { supportRoutes } from './support';
import { systemRoutes } from './system';
import { translationsRoutes } from './translations';
import { usersRoutes } from './users';

export * from './app-passwords';
export * from './auth';
export * from './billing';
export * from './book-refusals';
export * from './books';
export * from './common';
export * from './deliveries';
export * from './errors';
export * from './formats';
export * from './inline-kinds';
export * from './languages';
export * from './memory';
export * from './no-credits';
export * from './opds';
export * from './passage-filters';
export * from './passages';
export * from './placeholder-edit';
export * from './placeholder-grammar';
export * from './placeholder-spans';
export * from './preview-words';
export * from './qa-finding-words';
export * from './route';
export * from './series';
export * from './support';
export * from './system';
export * from './translation-quote';
export * from './translation-report';
export {
  cancelRefundsCredit,
  canRetry,
  ECONOMY_LANE_WORDS,
  finalStatuses,
  reviewExpiredReason,
  reviewWaitNotice,
  reviewWaitWords,
  type TranslationLaneName,
  type TranslationWaitName,
  translationLanes,
  translationWaits,
  waitWords,
} from './translation-statuses';
export * from './translations';
export * from './users';

/** Every endpoint, by area. Add a module's table here (one line) when it gains a contract file. */
export const routes = {
  auth: authRoutes,
  users: usersRoutes,
  appPasswords: appPasswordsRoutes,
  system: systemRoutes,
  books: booksRoutes,
  translations: translationsRoutes,
  passages: passagesRoutes,
  deliveries: deliveriesRoutes,
  memory: memoryRoutes,
  series: seriesRoutes,
  billing: billingRoutes,
  support: supportRoutes,
} as const;

/** Base path of every endpoint. */
export const API_PREFIX = '/api/v1';
/** Header that carries the anti-forgery token on write requests. */
export const CSRF_HEADER = 'x-csrf-token';
/** Cookie that carries the same token (readable by scripts, by design of double submit). */
export const CSRF_COOKIE = 'csrf_token';
