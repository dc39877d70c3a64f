import type { PassageFilter, PassageResponse, PassagesResponse } from '@booktranslate/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  editPassage,
  getPassages,
  retranslatePassage,
  revertPassage,
  searchPassages,
} from '../../api/passages';

const passagesKey = (translationId: string, chapter?: number) =>
  chapter === undefined ? ['passages', translationId] : ['passages', translationId, chapter];

/** One chapter of the translation; the last chapter stays on screen while the next one loads. */
export function usePassages(translationId: string, chapter: number) {
  return useQuery({
    queryKey: passagesKey(translationId, chapter),
    queryFn: () => getPassages(translationId, chapter),
    placeholderData: (previous) => previous,
    retry: false,
  });
}

const searchKey = (translationId: string) => ['passage-search', translationId];

/**
 * The whole book's search and filters (`q`, `show`); with neither, only each filter's count. The
 * last answer stays on screen while the next one loads.
 */
export function usePassageSearch(translationId: string, q: string, show: PassageFilter | null) {
  return useQuery({
    queryKey: [...searchKey(translationId), q, show],
    queryFn: () => searchPassages(translationId, { ...(q ? { q } : {}), ...(show ? { show } : {}) }),
    placeholderData: (previous) => previous,
    retry: false,
  });
}

/**
 * Puts a changed passage into the cached chapter, and the allowance and flagged counts into every
 * cached chapter of the translation, so nothing is fetched again after an edit.
 */
function useApplyChange(translationId: string, chapter: number) {
  const queryClient = useQueryClient();
  return (answer: PassageResponse) => {
    // The filters' counts and what a search finds may have changed with the passage.
    void queryClient.invalidateQueries({ queryKey: searchKey(translationId) });
    const next = answer.passage;
    const cached = queryClient.getQueryData<PassagesResponse>(passagesKey(translationId, chapter));
    const before = cached?.passages.find((p) => p.block_id === next.block_id);
    const delta = (next.flags.length > 0 ? 1 : 0) - ((before?.flags.length ?? 0) > 0 ? 1 : 0);
    queryClient.setQueriesData<PassagesResponse>({ queryKey: passagesKey(translationId) }, (old) => {
      if (!old) return old;
      return {
        ...old,
        retranslations: answer.retranslations,
        chapters: old.chapters.map((c) =>
          c.index === chapter && delta !== 0 ? { ...c, flagged: Math.max(0, c.flagged + delta) } : c,
        ),
        passages:
          old.chapter === chapter
            ? old.passages.map((p) => (p.block_id === next.block_id ? next : p))
            : old.passages,
      };
    });
  };
}

export function useEditPassage(translationId: string, chapter: number) {
  const apply = useApplyChange(translationId, chapter);
  return useMutation({
    mutationFn: (v: { blockId: string; text: string }) => editPassage(translationId, v.blockId, v.text),
    onSuccess: apply,
  });
}

export function useRevertPassage(translationId: string, chapter: number) {
  const apply = useApplyChange(translationId, chapter);
  return useMutation({
    mutationFn: (blockId: string) => revertPassage(translationId, blockId),
    onSuccess: apply,
  });
}

export function useRetranslatePassage(translationId: string, chapter: number) {
  const apply = useApplyChange(translationId, chapter);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { blockId: string; instruction: string }) =>
      retranslatePassage(translationId, v.blockId, v.instruction.trim() || undefined),
    onSuccess: (answer) => {
      apply(answer);
      // The server drops the report's findings on the passage it translated again.
      void queryClient.invalidateQueries({ queryKey: ['quality-report', translationId] });
    },
  });
}
