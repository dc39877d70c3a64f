import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getChapterOf } from '../../api/passages';

/**
 * A link to one passage (`?passage=c3.b56`, from the QA report): asks which chapter holds it, opens
 * that chapter (its answer cached as the chapter's page) and, once its rows are shown, scrolls to the
 * passage and focuses it.
 */
export function useLinkedPassage(
  translationId: string,
  passage: string | null,
  shown: number | undefined,
  openChapter: (index: number) => void,
) {
  const queryClient = useQueryClient();
  const found = useQuery({
    queryKey: ['passages', translationId, 'holding', passage],
    queryFn: () => getChapterOf(translationId, passage as string),
    enabled: passage !== null,
    retry: false,
  });
  const chapter = found.data?.chapter;
  useEffect(() => {
    if (!found.data || chapter === undefined) return;
    queryClient.setQueryData(['passages', translationId, chapter], found.data);
    openChapter(chapter);
  }, [found.data, chapter, translationId, queryClient, openChapter]);
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (passage === null || shown !== chapter || focused.current === passage) return;
    const row = document.querySelector<HTMLElement>(`[data-block-id="${CSS.escape(passage)}"]`);
    if (!row) return;
    focused.current = passage;
    row.scrollIntoView?.({ block: 'center' });
    row.focus({ preventScroll: true });
  });
}
