import type { Book } from '@booktranslate/ebook';
import type { TranslationRow } from '../../../db/schema/translations';
import { rememberEngineText } from '../../memory';
import { toEngineBrief } from '../brief/engine-brief';
import { bookBlocks } from './book-blocks';
import type { PipelineDeps } from './pipeline-deps';
import { parseUnitKey } from './pipeline-keys';

/**
 * A block translated in parts (an oversized block, or one cut where a wave's chunk reached its
 * share) is remembered whole as well, with its parts' translations joined: the next edition looks
 * its blocks up whole before it plans, and its own cuts need not fall where this run's did.
 * @example await rememberCutBlocks(deps, t, book, saved, joinSavedUnits(saved))
 */
export async function rememberCutBlocks(
  deps: Pick<PipelineDeps, 'db' | 'engineFor'>,
  t: Pick<TranslationRow, 'userId' | 'sourceLanguage' | 'targetLanguage' | 'brief'>,
  book: Book,
  /** The run's saved units by key: whole blocks and parts. */
  saved: Map<string, string>,
  /** The same joined into one translation per block. */
  joined: Map<string, string>,
): Promise<number> {
  const cut = new Set<string>();
  for (const key of saved.keys()) {
    const { blockId, part } = parseUnitKey(key);
    if (part) cut.add(blockId);
  }
  if (cut.size === 0) return 0;
  const passages = bookBlocks(book)
    .filter((b) => cut.has(b.id) && joined.has(b.id))
    .map((b) => ({ source: b.text, text: joined.get(b.id) as string, words: b.words }));
  if (passages.length === 0) return 0;
  const from = t.sourceLanguage ?? 'en';
  const { engine } = await deps.engineFor(from, t.targetLanguage);
  const scope = { from, to: t.targetLanguage, engine: engine.name, model: engine.model };
  await rememberEngineText(deps.db, t.userId, passages, scope, toEngineBrief(t.brief));
  return passages.length;
}
