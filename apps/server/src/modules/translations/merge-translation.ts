import { applyTranslation } from '@booktranslate/ebook';
import { type BookSandbox, openBookSandbox } from '@booktranslate/ebook/sandbox';
import type { TranslationOutputs, TranslationRow } from '../../db/schema/translations';
import { booksRepository } from '../books/books.repository';
import { joinSavedUnits } from './book-blocks';
import { checkQuality } from './check-quality';
import { partialNotice } from './credit-rules';
import type { PipelineDeps } from './pipeline-deps';
import type { RunRef } from './prepare-translation';
import { storedTitles, translateTitles } from './translate-titles';
import { translationMemoryRepository as memory } from './translation-memory.repository';
import { translationsRepository as repo } from './translations.repository';

const OUTPUTS = [
  { name: 'epub', format: 'epub', layout: 'translated', type: 'application/epub+zip' },
  { name: 'fb2', format: 'fb2', layout: 'translated', type: 'application/x-fictionbook+xml' },
  { name: 'txt', format: 'txt', layout: 'translated', type: 'text/plain; charset=utf-8' },
  { name: 'bilingualEpub', format: 'epub', layout: 'bilingual', type: 'application/epub+zip' },
] as const;

/** Storage key of one output of one run (runs never overwrite each other's files). */
export function outputKey(translationId: string, run: number, name: string): string {
  return `translations/${translationId}/${run}/${name}`;
}

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
  const sandbox = await openBookSandbox(await deps.files.readBytes(book.originalKey), {
    filename: book.originalFilename,
  });
  let outputs: TranslationOutputs;
  try {
    outputs = await writeOutputs(deps, t, ref.run, book.wordCount, sandbox);
  } finally {
    await sandbox.close();
  }
  const previous = Object.values(t.outputs ?? {}).filter((key) => !Object.values(outputs).includes(key));
  const completed = await repo.advance(db, t.id, ref.run, 'completed', {
    outputs,
    wordsDone: t.wordsTotal,
    completedAt: deps.now(),
    estimatedCompletion: null,
    currentChapter: null,
  });
  // Files of an earlier run (before a brief edit) are replaced; a canceled merge leaves its own for cleanup.
  for (const key of completed ? previous : Object.values(outputs))
    await deps.files.remove(key).catch(() => {});
  if (completed) await deps.notify?.(t.id);
}

/** Applies the saved translations to the sandbox's book and writes every output to storage. */
async function writeOutputs(
  deps: PipelineDeps,
  t: TranslationRow,
  run: number,
  wordCount: number | null,
  sandbox: BookSandbox,
): Promise<TranslationOutputs> {
  const parsed = sandbox.book;
  const texts = joinSavedUnits(await memory.savedTexts(deps.db, t.id));
  // The QA report, with flagged blocks asked for once more (decision 172), before anything is written.
  await checkQuality(deps, t, parsed, texts);
  const labels = t.titles
    ? storedTitles(t.titles, parsed, texts)
    : await translateTitles(deps, parsed, texts, t);
  const translated = applyTranslation(parsed, texts, { targetLanguage: t.targetLanguage, ...labels });
  const notice = t.wordLimit !== null ? partialNotice(t.wordLimit, wordCount ?? t.wordsTotal) : undefined;
  const outputs: TranslationOutputs = {};
  for (const output of OUTPUTS) {
    const bytes = await sandbox.write(translated, output.format, {
      layout: output.layout,
      ...(notice ? { notice } : {}),
    });
    const key = outputKey(t.id, run, output.name);
    await deps.files.writeBytes(key, bytes, output.type);
    outputs[output.name] = key;
  }
  return outputs;
}
