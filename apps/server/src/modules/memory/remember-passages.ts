import { countWords } from '@booktranslate/ebook';
import { type BookBrief, parseBrief } from '@booktranslate/translator';
import type { Executor } from '../../db/database';
import { memoryRepository } from './memory.repository';
import { type MemoryScope, memoryKey, memoryKeyer } from './memory-key';

/** A finished passage: its source, its translation and the source's words. */
export interface FinishedPassage {
  source: string;
  text: string;
  words: number;
}

/**
 * Remembers the engine's finished passages for the user, under the scope and the glossary
 * renderings they were translated with.
 * @example await rememberEngineText(db, userId, [{ source: 'Hello.', text: 'Hola.', words: 1 }], scope, brief)
 */
export async function rememberEngineText(
  db: Executor,
  userId: string,
  passages: FinishedPassage[],
  scope: MemoryScope,
  brief: BookBrief | undefined,
): Promise<void> {
  const keyOf = memoryKeyer(scope, brief);
  await memoryRepository.remember(
    db,
    userId,
    passages.map((p) => {
      const { key } = keyOf(p.source);
      return {
        textHash: key.engineHash,
        termsHash: key.termsHash,
        origin: 'engine',
        text: p.text,
        words: p.words,
      };
    }),
  );
}

/**
 * Remembers the user's own text for a passage, above the engine's: every later translation of
 * this source into this language, with the same renderings, takes it. Null forgets it (undo).
 */
export async function rememberEdit(
  db: Executor,
  userId: string,
  passage: { source: string; text: string | null; words: number },
  scope: MemoryScope,
  brief: BookBrief | undefined,
): Promise<void> {
  const key = memoryKey(passage.source, scope, brief);
  if (passage.text === null) {
    await memoryRepository.forget(db, userId, key.editHash, key.termsHash);
    return;
  }
  await memoryRepository.remember(db, userId, [
    {
      textHash: key.editHash,
      termsHash: key.termsHash,
      origin: 'edit',
      text: passage.text,
      words: passage.words,
    },
  ]);
}

/**
 * The reader's edit (or its undo, `text` null) of a passage of translation `t`, remembered for the
 * owner's later translations under the glossary the translation was made with.
 */
export async function rememberReaderEdit(
  db: Executor,
  t: { userId: string; sourceLanguage: string | null; targetLanguage: string; brief: unknown },
  source: string,
  text: string | null,
): Promise<void> {
  const scope = { from: t.sourceLanguage ?? 'en', to: t.targetLanguage, engine: '', model: '' };
  const brief = t.brief && typeof t.brief === 'object' ? parseBrief(t.brief) : undefined;
  await rememberEdit(db, t.userId, { source, text, words: countWords(source) }, scope, brief);
}
