import { type Book, plainText } from '@booktranslate/ebook';
import { collectLabels, normalizeLabel, translateLabels } from '@booktranslate/translator';
import type { StoredTitles } from '../../../db/schema/translations';
import type { PipelineDeps } from '../pipeline/pipeline-deps';
import { prepareLimiter } from '../pipeline/prepare-limiter';
import { toEngineBrief } from './engine-brief';

/**
 * The book title, chapter titles and TOC labels in the target language (headings already translated
 * are reused; the rest is one small request). A finished book is never lost for its title: on any
 * failure the labels stay in the source language.
 */
export async function translateTitles(
  deps: PipelineDeps,
  book: Book,
  texts: Map<string, string>,
  t: { sourceLanguage: string | null; targetLanguage: string; brief: unknown },
): Promise<{ title?: string; labels?: Map<string, string> }> {
  try {
    const from = t.sourceLanguage ?? 'en';
    const choice = await deps.engineFor(from, t.targetLanguage);
    const brief = toEngineBrief(t.brief);
    const { title, labels } = await translateLabels(book, {
      engine: choice.engine,
      from,
      to: t.targetLanguage,
      ...(brief ? { brief } : {}),
      limiter: prepareLimiter(choice, deps.concurrency),
      translations: texts,
    });
    return { ...(title ? { title } : {}), labels };
  } catch {
    return {};
  }
}

/** Titles as stored by the analyzing step, for the database. */
export function toStoredTitles(titles: { title?: string; labels?: Map<string, string> }): StoredTitles {
  return { ...(titles.title ? { title: titles.title } : {}), labels: [...(titles.labels ?? new Map())] };
}

/**
 * The stored titles, with every label that repeats a heading taken from that heading's translation,
 * so the table of contents reads exactly like the chapters.
 */
export function storedTitles(
  stored: StoredTitles,
  book: Book,
  texts: Map<string, string>,
): { title?: string; labels: Map<string, string> } {
  const labels = new Map(stored.labels);
  for (const label of collectLabels(book).labels) {
    const known = label.blockId ? texts.get(label.blockId) : undefined;
    if (!known || !/\p{L}/u.test(plainText(known))) continue;
    for (const key of label.keys) labels.set(key, normalizeLabel(plainText(known)));
  }
  return { ...(stored.title ? { title: stored.title } : {}), labels };
}
