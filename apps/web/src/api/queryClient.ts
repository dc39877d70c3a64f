import { QueryClient } from '@tanstack/react-query';
import { httpStatus } from './errors';

/** Spec section 9: a 5-minute cache and 3 retries; client errors (4xx) are not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 5 * 60_000,
        retry: (count, err) => count < 3 && (httpStatus(err) ?? 500) >= 500,
        refetchOnWindowFocus: false,
      },
    },
  });
}
