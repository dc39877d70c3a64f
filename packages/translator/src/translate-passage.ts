import type { ChunkResult } from './chunk-result';
import type { PreviousPassage } from './engine';
import { TranslatorError } from './errors';
import { type ChunkContext, translateChunk } from './translate-chunk';

export interface PassageToTranslate {
  blockId: string;
  chapterId: string;
  /** Placeholder text of the block. */
  text: string;
  /** The passages around it, source and (where known) their translation. */
  previous?: PreviousPassage;
  following?: PreviousPassage;
  /** The reader's wish, e.g. "more formal". */
  instruction?: string;
}

/**
 * Translates one passage again, on its own, with the same checks, retries and fallbacks as a chunk
 * (placeholders, echo, commentary, source language, glossary) and no translation memory: the point
 * is a new text. Throws TranslatorError when no acceptable text came back.
 * @example const { text } = await translatePassage({ blockId: 'c1.b2', chapterId: 'c1', text: 'Hi.', instruction: 'more formal' }, { engine, from: 'en', to: 'es' })
 */
export async function translatePassage(
  passage: PassageToTranslate,
  ctx: Omit<ChunkContext, 'memory' | 'previousTarget' | 'following' | 'instruction'>,
): Promise<{ text: string; result: ChunkResult }> {
  const result = await translateChunk(
    {
      index: 0,
      tokens: 0,
      items: [
        { key: '1', blockId: passage.blockId, chapterId: passage.chapterId, text: passage.text, tokens: 0 },
      ],
      ...(passage.previous ? { previousSource: passage.previous.source } : {}),
    },
    {
      ...ctx,
      ...(passage.previous?.target ? { previousTarget: passage.previous.target } : {}),
      ...(passage.following ? { following: passage.following } : {}),
      ...(passage.instruction ? { instruction: passage.instruction } : {}),
    },
  );
  const item = result.items.find((i) => i.blockId === passage.blockId);
  if (item) return { text: item.text, result };
  const failure = result.failures[0];
  throw new TranslatorError(failure?.code ?? 'block_failed', failure?.message ?? 'no translation came back', {
    retryable: true,
  });
}
