import { opdsFormats, previewPhrase } from '@booktranslate/contract';
import { type CatalogueRow, translationPreview } from '../translations';
import type { CatalogueHrefs } from './catalogue-hrefs';
import type { Publication } from './catalogue-model';
import { coverTypeOf } from './cover-type';

/** What a Free preview's entry is labelled with, in its summary and its category. */
export const PREVIEW_LABEL = 'Free preview';

/**
 * A finished translation as a catalogue entry: the translated title when the book's title was
 * translated, the book's author, description and cover, and a link for each file written (EPUB
 * first). A Free preview says so in its summary and carries the label (decision 226).
 */
export function toPublication({ translation: t, book }: CatalogueRow, hrefs: CatalogueHrefs): Publication {
  const preview = translationPreview(t, book.wordCount);
  const title = t.titles?.title?.trim() || book.title;
  const notes = [
    preview ? `${capitalize(previewPhrase(preview))}.` : null,
    title !== book.title ? `Translated from “${book.title}”.` : null,
    book.description?.trim() || null,
  ].filter((note): note is string => note !== null);
  const written = t.outputs ?? {};
  const has = {
    epub: written.epub,
    fb2: written.fb2,
    txt: written.txt,
    'bilingual-epub': written.bilingualEpub,
  };
  const coverType = book.coverKey ? coverTypeOf(book.coverKey) : null;
  return {
    id: t.id,
    title,
    authors: book.author.trim() ? [book.author.trim()] : [],
    language: t.targetLanguage,
    summary: notes.join(' '),
    preview: preview ? PREVIEW_LABEL : null,
    updated: t.updatedAt,
    published: t.completedAt,
    cover: coverType ? { href: hrefs.file(`covers/${book.id}/`), type: coverType } : null,
    acquisitions: opdsFormats
      .filter((format) => has[format.id])
      .map((format) => ({
        rel: 'http://opds-spec.org/acquisition',
        href: hrefs.file(`translations/${t.id}/${format.id}/`),
        type: format.mediaType,
        title: format.title,
      })),
  };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
