import type {
  PassageFilter,
  PassageResponse,
  PassageSearchResponse,
  PassagesResponse,
} from '@booktranslate/contract';
import { errorCode } from './errors';
import { loadClient } from './loadClient';

// The reader and editor: one chapter of a completed translation next to its original, and the
// three changes of one passage (edit by hand, undo to the engine's version, re-translate).

/** GET /translations/{id}/passages/?chapter=N */
export async function getPassages(translationId: string, chapter: number): Promise<PassagesResponse> {
  const { client } = await loadClient();
  return client.api.passages.listPassages({ params: { id: translationId }, query: { chapter } });
}

/** GET …/passages/?passage=c3.b56: the chapter holding one passage (a QA finding's link). */
export async function getChapterOf(translationId: string, blockId: string): Promise<PassagesResponse> {
  const { client } = await loadClient();
  return client.api.passages.listPassages({
    params: { id: translationId },
    query: { chapter: 0, passage: blockId },
  });
}

/** GET …/passages/search/?q=&show=: passages of the whole book by words and by filter. */
export async function searchPassages(
  translationId: string,
  query: { q?: string; show?: PassageFilter },
): Promise<PassageSearchResponse> {
  const { client } = await loadClient();
  return client.api.passages.searchPassages({ params: { id: translationId }, query });
}

/** PUT …/passages/{blockId}/: a 400 VALIDATION_ERROR names the placeholders the text lacks. */
export async function editPassage(
  translationId: string,
  blockId: string,
  target: string,
): Promise<PassageResponse> {
  const { client } = await loadClient();
  return client.api.passages.editPassage({ params: { id: translationId, blockId }, body: { target } });
}

/** DELETE …/passages/{blockId}/: back to the engine's version. */
export async function revertPassage(translationId: string, blockId: string): Promise<PassageResponse> {
  const { client } = await loadClient();
  return client.api.passages.revertPassage({ params: { id: translationId, blockId } });
}

/** POST …/passages/{blockId}/retranslate/: 429 RATE_LIMITED once the translation's allowance is used. */
export async function retranslatePassage(
  translationId: string,
  blockId: string,
  instruction?: string,
): Promise<PassageResponse> {
  const { client } = await loadClient();
  return client.api.passages.retranslatePassage({
    params: { id: translationId, blockId },
    body: instruction ? { instruction } : {},
  });
}

/** True when a re-translation was refused for the translation's allowance (or the rate limit). */
export function isRetranslationRefused(err: unknown): boolean {
  return errorCode(err) === 'RATE_LIMITED';
}

/** True when the server refused an edit's text (missing or repeated placeholders). */
export function isRejectedEdit(err: unknown): boolean {
  return errorCode(err) === 'VALIDATION_ERROR';
}
