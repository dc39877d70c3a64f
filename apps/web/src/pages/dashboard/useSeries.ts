import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { listSeries } from '../../api/series';

export const SERIES_KEY = ['series'] as const;

/**
 * The user's series (GET /series/), shared by the library, the book menu and the brief panel. A
 * failure leaves the library ungrouped rather than in the way of the books.
 */
export function useSeries() {
  return useQuery({ queryKey: SERIES_KEY, queryFn: listSeries, retry: false, staleTime: 10_000 });
}

/**
 * Reloads the series whenever the books reload after the first time: a new book is put in its series
 * while it is prepared, and a finished volume fills in the series' glossary.
 */
export function useSeriesFollowsBooks(booksUpdatedAt: number) {
  const queryClient = useQueryClient();
  const seen = useRef(booksUpdatedAt);
  useEffect(() => {
    if (seen.current && booksUpdatedAt !== seen.current)
      void queryClient.invalidateQueries({ queryKey: SERIES_KEY, exact: true });
    seen.current = booksUpdatedAt;
  }, [booksUpdatedAt, queryClient]);
}
