import { isEbookError } from '@booktranslate/ebook';
import type { Database } from '../../../db/database';
import type { TranslationRow } from '../../../db/schema/translations';
import { AppError } from '../../../errors';
import { clearKeys, countHit } from '../../../plugins/pg-rate-limit-store';
import type { FileStore } from '../../books/book-storage';
import { booksRepository } from '../../books/books.repository';
import { loadOriginal } from '../../books/load-original';
import { unreadableBookReason } from '../../books/unreadable-book';
import { storedTitles } from '../brief/translate-titles';
import { passageEditsRepository as edits } from '../passage-edits.repository';
import { joinSavedUnits } from '../pipeline/book-blocks';
import { translationMemoryRepository as memory } from '../translation-memory.repository';
import { translationsRepository as repo } from '../translations.repository';
import { withEdits, writeOutputs } from './write-outputs';

/** Rewrites in progress in this process, one per translation (a burst of downloads waits for one). */
const inFlight = new Map<string, Promise<TranslationRow>>();

/** How long a rewrite's lease holds when its process dies before giving it back; rewrites take seconds. */
const LEASE_MS = 120_000;
const LEASE_POLL_MS = 100;

/**
 * The completed translation with outputs that hold every edit of the reader: outputs written before
 * the latest edit, undo or re-translated passage are rewritten first from the saved texts, the edits
 * and the stored titles (no provider call, no QA step), then the old files are removed.
 * @example t = await freshOutputs({ db, files: storage }, t); storage.get(t.outputs.epub!)
 */
export async function freshOutputs(
  deps: { db: Database; files: FileStore },
  t: TranslationRow,
): Promise<TranslationRow> {
  let current = t;
  // An edit that lands during a rewrite leaves the outputs one revision behind: rewrite once more.
  for (let round = 0; round < 5 && current.outputsRevision < current.editsRevision; round++) {
    let flight = inFlight.get(t.id);
    if (!flight) {
      flight = rewriteUnderLease(deps, t.id).finally(() => inFlight.delete(t.id));
      inFlight.set(t.id, flight);
    }
    current = await flight;
  }
  return current;
}

/**
 * One rewrite of the translation's outputs across every process: the first to take the lease (a
 * counter in rate_limit_hits, given back when done, lapsing after LEASE_MS if its process died)
 * writes; the others wait and use what it recorded, or take the lease next when edits came after.
 * Exported for the test that plays two processes.
 */
export async function rewriteUnderLease(
  deps: { db: Database; files: FileStore },
  id: string,
): Promise<TranslationRow> {
  const key = `output-rewrite:${id}`;
  for (;;) {
    const t = await repo.findById(deps.db, id);
    if (t?.status === 'completed' && t.outputsRevision >= t.editsRevision) return t;
    if ((await countHit(deps.db, key, LEASE_MS)).current === 1) {
      try {
        return await rewriteOutputs(deps, id);
      } finally {
        await clearKeys(deps.db, [key]);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
  }
}

async function rewriteOutputs(deps: { db: Database; files: FileStore }, id: string): Promise<TranslationRow> {
  const t = await repo.findById(deps.db, id);
  if (t?.status !== 'completed')
    throw new AppError('CONFLICT', 'The translation changed while its files were being written; try again');
  const revision = t.editsRevision;
  if (t.outputsRevision >= revision) return t;
  const book = await booksRepository.findById(deps.db, t.bookId);
  if (!book) throw new AppError('NOT_FOUND', 'The translated file is missing');
  let outputs: TranslationRow['outputs'];
  try {
    const sandbox = await loadOriginal(deps, book, { as: 'sandbox' });
    try {
      const texts = joinSavedUnits(await memory.savedTexts(deps.db, t.id));
      const labels = storedTitles(t.titles ?? { labels: [] }, sandbox.book, texts);
      const final = withEdits(texts, await edits.all(deps.db, t.id));
      outputs = await writeOutputs(deps.files, t, sandbox, final, labels, {
        run: t.run,
        revision,
        wordCount: book.wordCount,
      });
    } finally {
      await sandbox.close();
    }
  } catch (error) {
    // The book (or the edits laid over it) cannot be written within the sandbox's bounds: the
    // reason, never a 500; the translation and its earlier files stay as they are.
    if (isEbookError(error))
      throw new AppError('UNPROCESSABLE', unreadableBookReason(error), { reason: error.code });
    throw error;
  }
  const recorded = await repo.recordRewrittenOutputs(deps.db, t.id, t.run, revision, outputs);
  const written = Object.values(outputs);
  // Refused (another process recorded newer outputs, or a new run began): ours go, theirs stay.
  const obsolete = recorded ? Object.values(t.outputs ?? {}).filter((k) => !written.includes(k)) : written;
  for (const key of obsolete) await deps.files.delete(key).catch(() => {});
  return recorded ?? ((await repo.findById(deps.db, t.id)) as TranslationRow);
}
