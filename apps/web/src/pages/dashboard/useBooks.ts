import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { listBooks } from '../../api/books';
import type { Book } from '../../api/types';
import { createCircuitBreaker } from '../../lib/circuitBreaker';
import { pollInterval } from '../../lib/polling';

export const BOOKS_KEY = ['books'] as const;

/**
 * The library list: page 1, 10 books, refreshed every 15 s while anything is in progress. A circuit
 * breaker skips fetches after 10 within 60 s and keeps what is on screen.
 */
export function useBooks() {
  const queryClient = useQueryClient();
  const breaker = useRef(createCircuitBreaker(10, 60_000));
  const [pollFailed, setPollFailed] = useState(false);

  return useQuery({
    queryKey: BOOKS_KEY,
    queryFn: async (): Promise<Book[]> => {
      const cached = queryClient.getQueryData<Book[]>(BOOKS_KEY);
      if (!breaker.current.tryCall()) {
        console.warn('Book fetches paused: more than 10 in the last minute');
        if (cached) return cached;
      }
      try {
        const books = await listBooks({ page: 1, limit: 10 });
        setPollFailed(false);
        return books;
      } catch (err) {
        setPollFailed(true);
        throw err;
      }
    },
    staleTime: 0,
    refetchInterval: (query) => pollInterval(query.state.data, pollFailed || query.state.status === 'error'),
  });
}
