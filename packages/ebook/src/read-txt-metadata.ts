import type { BookMetadata, Chapter } from './model';
import { readTxtTitlePage } from './read-txt-title-page';

const LANGUAGES: Record<string, string> = {
  english: 'en',
  french: 'fr',
  german: 'de',
  spanish: 'es',
  italian: 'it',
  russian: 'ru',
  latin: 'la',
  chinese: 'zh',
  japanese: 'ja',
  hebrew: 'he',
  arabic: 'ar',
  portuguese: 'pt',
  dutch: 'nl',
  polish: 'pl',
  finnish: 'fi',
  swedish: 'sv',
  danish: 'da',
  norwegian: 'no',
  greek: 'el',
  ukrainian: 'uk',
};

/**
 * Title, author and language of a plain-text book: Project Gutenberg's header fields when present,
 * else the title page it opens with ("OLIVER TWIST ... BY CHARLES DICKENS"), else the file name,
 * else the first heading.
 * @example readTxtMetadata('Title: Emma\nAuthor: Jane Austen\n', [], 'emma.txt').title // 'Emma'
 */
export function readTxtMetadata(text: string, chapters: Chapter[], filename?: string): BookMetadata {
  const head = text.slice(0, 8000);
  const field = (name: string) => head.match(new RegExp(`^${name}:[ \\t]*(.+)$`, 'mi'))?.[1]?.trim();
  const language = field('Language');
  const firstHeading = chapters[0]?.blocks.find((block) => block.kind === 'heading')?.text;
  const stem = filename?.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '');
  const titlePage = readTxtTitlePage(head);
  const author = field('Author') ?? titlePage?.author;
  return {
    title: field('Title') ?? titlePage?.title ?? stem ?? firstHeading ?? 'Untitled',
    authors: author ? [author] : [],
    language: language ? (LANGUAGES[language.toLowerCase()] ?? null) : null,
    identifiers: [],
  };
}
