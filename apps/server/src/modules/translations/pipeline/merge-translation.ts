import type { BookSandbox } from '@booktranslate/ebook/sandbox';
import type { TranslationOutputs, TranslationRow } from '../../../db/schema/translations';
import { booksRepository } from '../../books/books.repository';
import { loadOriginal } from '../../books/load-original';
import { storedTitles, toStoredTitles, translateTitles } from '../brief/translate-titles';
import { withEdits, writeOutputs } from '../outputs/write-outputs';
import { passageEditsRepository as edits } from '../passage-edits.repository';
import { checkQuality } from '../quality/check-quality';
import { translationMemoryRepository as memory } from '../translation-memory.repository';
import { translationsRepository as repo } from '../translations.repository';
import { joinSavedUnits } from './book-blocks';
import type { PipelineDeps } from './pipeline-deps';
import type { RunRef } from './pipeline-keys';
import { rememberCutBlocks } from './remember-cut-blocks';
import { returnRememberedCredit } from './return-remembered-credit';
import { fillSeriesGlossary } from './series-glossary';

/**
 * merging -> completed: puts every saved translation into the book and writes EPUB, FB2, TXT and a
 * bilingual EPUB to storage, after the QA step has refined flagged blocks once and saved the report.
 * A Free translation's first page says only the first words were translated.
 */
export async function mergeTranslation(deps: PipelineDeps, ref: RunRef): Promise<void> {
  const { db } = deps;
  const t = await repo.findById(db, ref.translationId);
  if (!t || t.run !== ref.run || !['translating', 'merging'].includes(t.status)) return;
  if ((await memory.remainingChunks(db, t.id, ref.run)) > 0) return;
  if (!(await repo.advance(db, t.id, ref.run, 'merging', { estimatedCompletion: null }))) return;

  const book = await booksRepository.findById(db, t.bookId);
  if (!book) return;
  // Read once in the book sandbox, which also writes every output from its own copy (decision 110).
  const sandbox = await loadOriginal(deps, book, { as: 'sandbox' });
  let outputs: TranslationOutputs;
  try {
    outputs = await mergeOutputs(deps, t, ref.run, book.wordCount, sandbox);
  } finally {
    await sandbox.close();
  }
  const previous = Object.values(t.outputs ?? {}).filter((key) => !Object.values(outputs).includes(key));
  // Completed with what completion brings in one transaction: whoever sees the translation
  // completed also sees the credit a book wholly in memory gives back and its series' glossary.
  const completed = await db.transaction(async (tx) => {
    const done = await repo.advance(tx, t.id, ref.run, 'completed', {
      outputs,
      wordsDone: t.wordsTotal,
      // Edits are refused while a run works, so the outputs hold every edit up to this revision.
      outputsRevision: t.editsRevision,
      completedAt: deps.now(),
      estimatedCompletion: null,
      currentChapter: null,
    });
    if (done) {
      await returnRememberedCredit(tx, t.id);
      await fillSeriesGlossary(tx, t);
    }
    return done;
  });
  // Files of an earlier run (before a brief edit) are replaced; a canceled merge leaves its own for cleanup.
  for (const key of completed ? previous : Object.values(outputs))
    await deps.files.delete(key).catch(() => {});
  if (completed) await deps.notify?.(t.id);
}

/**
 * The QA step, then the saved translations with the owner's edits over them, written to storage.
 * The outputs are written from the saved texts while the QA step reads them (the sandbox writes on
 * its own thread): only a QA step that refined a block has them written again, under the same keys.
 */
async function mergeOutputs(
  deps: PipelineDeps,
  t: TranslationRow,
  run: number,
  wordCount: number | null,
  sandbox: BookSandbox,
): Promise<TranslationOutputs> {
  const parsed = sandbox.book;
  const saved = await memory.savedTexts(deps.db, t.id);
  const texts = joinSavedUnits(saved);
  // Beside the QA step and the outputs, which do not read it; the translation does not depend on it.
  const remembering = rememberCutBlocks(deps, t, parsed, saved, texts).catch((error: unknown) =>
    deps.logger?.info({ err: error, translationId: t.id }, 'blocks translated in parts not remembered whole'),
  );
  let labels: Awaited<ReturnType<typeof translateTitles>>;
  if (t.titles) labels = storedTitles(t.titles, parsed, texts);
  else {
    labels = await translateTitles(deps, parsed, texts, t);
    // Kept, so outputs rewritten after the reader's edits have the same titles without a provider call.
    await repo.update(deps.db, t.id, { titles: toStoredTitles(labels) });
  }
  // The owner's edits win over the engine's text, also over blocks this run translated again.
  const edited = await edits.all(deps.db, t.id);
  const write = (from: Map<string, string>, titles: typeof labels) =>
    writeOutputs(deps.files, t, sandbox, withEdits(from, edited), titles, { run, revision: 0, wordCount });
  const before = new Map(texts);
  const early = write(texts, labels);
  try {
    // The QA report, with flagged blocks asked for once more (decision 172); a refined text
    // replaces the saved one in `texts`.
    await checkQuality(deps, t, parsed, texts);
  } catch (error) {
    const written = await early.catch(() => ({}));
    for (const key of Object.values(written)) await deps.files.delete(key).catch(() => {});
    throw error;
  }
  let outputs = await early;
  if ([...texts].some(([blockId, text]) => before.get(blockId) !== text))
    outputs = await write(texts, t.titles ? storedTitles(t.titles, parsed, texts) : labels);
  await remembering;
  return outputs;
}
