import { type OutputFormatId, outputFormats, outputFormatsOf } from '@booktranslate/contract';
import { applyTranslation, type Book, type Layout } from '@booktranslate/ebook';
import type { BookSandbox } from '@booktranslate/ebook/sandbox';
import type { TranslationOutputs, TranslationRow } from '../../../db/schema/translations';
import type { Storage } from '../../../storage/storage';
import type { FileStore } from '../../books/book-storage';
import { partialNotice } from '../start/credit-rules';

interface Output {
  name: keyof TranslationOutputs;
  format: OutputFormatId;
  layout: Layout;
  type: string;
}

/**
 * What a book of this source format is written as: each output format of the contract it may have
 * (EPUB, FB2, TXT, and its own format where that is written in place: DOCX, Markdown), then the
 * bilingual EPUB.
 */
function outputsOf(sourceFormat: string): Output[] {
  const epub = outputFormats[0];
  return [
    ...outputFormatsOf(sourceFormat).map(
      (f): Output => ({ name: f.id, format: f.id, layout: 'translated', type: f.mediaType }),
    ),
    { name: 'bilingualEpub', format: epub.id, layout: 'bilingual', type: epub.mediaType },
  ];
}

/**
 * Every file a translation ever wrote: each run's outputs and the rewrites after edits, also those
 * a crash or a cancel left unrecorded.
 */
export async function removeTranslationFiles(
  files: Pick<Storage, 'deletePrefix'>,
  translationId: string,
): Promise<void> {
  await files.deletePrefix(`translations/${translationId}/`).catch(() => 0);
}

/**
 * Storage key of one output of one run (runs never overwrite each other's files); outputs rewritten
 * after the owner's edits carry the edits revision they were written at.
 */
function outputKey(translationId: string, run: number, name: string, revision = 0): string {
  return revision > 0
    ? `translations/${translationId}/${run}/r${revision}/${name}`
    : `translations/${translationId}/${run}/${name}`;
}

/**
 * Applies the translations to the sandbox's book and writes EPUB, FB2, TXT, a bilingual EPUB and
 * a DOCX or Markdown book's own format to storage. `texts` are the final texts per block (the owner's edits already laid over the engine's).
 */
export async function writeOutputs(
  files: FileStore,
  t: TranslationRow,
  sandbox: BookSandbox,
  texts: Map<string, string>,
  labels: { title?: string; labels?: Map<string, string> },
  options: { run: number; revision: number; wordCount: number | null },
): Promise<TranslationOutputs> {
  const parsed: Book = sandbox.book;
  const translated = applyTranslation(parsed, texts, { targetLanguage: t.targetLanguage, ...labels });
  const notice =
    t.wordLimit !== null ? partialNotice(t.wordLimit, options.wordCount ?? t.wordsTotal) : undefined;
  const outputs: TranslationOutputs = {};
  try {
    for (const output of outputsOf(parsed.format)) {
      const bytes = await sandbox.write(translated, output.format, {
        layout: output.layout,
        ...(notice ? { notice } : {}),
      });
      const key = outputKey(t.id, options.run, output.name, options.revision);
      await files.put(key, bytes, { contentType: output.type });
      outputs[output.name] = key;
    }
  } catch (error) {
    // A half-written set is never recorded: its files go.
    for (const key of Object.values(outputs)) await files.delete(key).catch(() => {});
    throw error;
  }
  return outputs;
}

/** The engine's texts with the owner's edits laid over them (an edit always wins). */
export function withEdits(texts: Map<string, string>, edits: Map<string, string>): Map<string, string> {
  const merged = new Map(texts);
  for (const [blockId, text] of edits) merged.set(blockId, text);
  return merged;
}
