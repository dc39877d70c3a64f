import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { type BookPage, listBooks } from '../../api/books';
import { createCircuitBreaker } from '../../lib/circuitBreaker';
import { pollInterval } from '../../lib/polling';

export const BOOKS_KEY = ['books'] as const;

/**
 * The library list: page 1, 10 books (more on request), refreshed every 15 s while anything is in
 * progress. A circuit breaker skips fetches after 10 within 60 s and keeps what is on screen.
 */
export function useBooks(limit = 10) {
  const queryClient = useQueryClient();
  const breaker = useRef(createCircuitBreaker(10, 60_000));
  const [pollFailed, setPollFailed] = useState(false);

  return useQuery({
    queryKey: [...BOOKS_KEY, limit],
    queryFn: async (): Promise<BookPage> => {
      const cached = queryClient.getQueryData<BookPage>([...BOOKS_KEY, limit]);
      if (!breaker.current.tryCall()) {
        console.warn('Book fetches paused: more than 10 in the last minute');
        if (cached) return cached;
      }
      try {
        const page = await listBooks({ page: 1, limit });
        setPollFailed(false);
        return page;
      } catch (err) {
        setPollFailed(true);
        throw err;
      }
    },
    staleTime: 0,
    // Keep the current list on screen while a longer one loads.
    placeholderData: (previous) => previous,
    refetchInterval: (query) =>
      pollInterval(query.state.data?.books, pollFailed || query.state.status === 'error'),
  });
}
