import { isApiError } from './api-error';

const LOCK_NAME = 'booktranslate-session-refresh';

// Outside browsers one process plays the part of the tabs: every client in it shares this queue.
let tail: Promise<unknown> = Promise.resolve();

type LockManager = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

const isExpired = (error: unknown) =>
  isApiError(error) && error.code === 401 && error.errorCode === 'UNAUTHENTICATED';

/**
 * Renews an expired session at most once at a time, across calls and, in browsers, across tabs
 * (Web Locks). Two refreshes with the same refresh token would look like theft and end the session,
 * so whoever gets the lock first retries the call (another tab may have refreshed meanwhile) and
 * only refreshes when that still answers 401.
 */
export function createSessionRefresher(refresh: () => Promise<void>) {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;

  function exclusive<T>(task: () => Promise<T>): Promise<T> {
    if (locks) return locks.request(LOCK_NAME, task);
    const run = tail.then(task, task);
    tail = run.catch(() => {});
    return run;
  }

  /** Runs `call`; on an expired session renews it (once, under the lock) and runs `call` again. */
  return async function withRefresh<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!isExpired(error)) throw error;
      return exclusive(async () => {
        try {
          return await call();
        } catch (again) {
          if (!isExpired(again)) throw again;
        }
        try {
          await refresh();
        } catch {
          throw error;
        }
        return call();
      });
    }
  };
}
