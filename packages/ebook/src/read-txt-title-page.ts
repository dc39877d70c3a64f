/** How far into a text book its title page may reach: lines and characters, whichever ends first. */
const TITLE_PAGE_LINES = 40;
const TITLE_PAGE_CHARS = 4000;
/** A title or a name longer than this is prose, not a title page. */
const MAX_LINE = 100;
/** Non-empty lines allowed before the "by" line: the title, a subtitle and their "OR". */
const MAX_LINES_BEFORE_BY = 6;

/** Words kept in lower case inside a title when a title in capitals is written in title case. */
const MINOR_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to']);

/** Lower-case words a name may hold. */
const PARTICLES = new Set(['de', 'da', 'del', 'der', 'di', 'du', 'la', 'le', 'van', 'von', 'y']);

export interface TitlePage {
  title: string;
  author: string;
}

/**
 * The title and author a plain-text book opens with, as Project Gutenberg prints them: the title in
 * its first lines, then "BY CHARLES DICKENS" (or "BY" and the name on the next line). Reads at most
 * the first 40 lines or 4,000 characters; undefined when the opening is not such a title page.
 * Capitals are written in title case ("OLIVER TWIST" -> "Oliver Twist").
 * @example readTxtTitlePage('OLIVER TWIST\n\nBY CHARLES DICKENS\n\nCHAPTER I') // { title: 'Oliver Twist', author: 'Charles Dickens' }
 */
export function readTxtTitlePage(text: string): TitlePage | undefined {
  const lines = text.slice(0, TITLE_PAGE_CHARS).split('\n').slice(0, TITLE_PAGE_LINES);
  const trimmed = lines.map((line) => line.trim());
  const before: { line: string; index: number }[] = [];
  for (let i = 0; i < trimmed.length; i++) {
    const line = trimmed[i] as string;
    if (!line) continue;
    const author = authorOf(line, trimmed.slice(i + 1).find(Boolean));
    if (author !== undefined) {
      if (before.length === 0 || !author) return undefined;
      return { title: titleOf(before), author: nameCase(author) };
    }
    // Prose (a long line, a clause ending in a comma) before any "by" line: no title page.
    if (line.length > MAX_LINE || /[,;]$/.test(line) || before.length >= MAX_LINES_BEFORE_BY)
      return undefined;
    before.push({ line, index: i });
  }
  return undefined;
}

/** The name a "by" line gives (from the next non-empty line when it is "BY" alone), '' when none fits. */
function authorOf(line: string, next: string | undefined): string | undefined {
  if (/^by$/i.test(line)) return next && next.length <= MAX_LINE ? cleanName(next) : '';
  const named = line.match(/^by\s+(\S.*)$/i)?.[1];
  if (named === undefined) return undefined;
  return named.length <= MAX_LINE ? cleanName(named) : '';
}

/** A name: letters, dots, apostrophes and hyphens, each word capitalised but for particles ("de", "van"). */
function cleanName(name: string): string {
  const cleaned = name.replace(/[,;:]+$/, '').trim();
  const words = cleaned.split(/\s+/);
  const looksLikeName =
    /^[\p{L}\p{M}.'’\- ]+$/u.test(cleaned) &&
    words.length <= 6 &&
    words.every((word) => PARTICLES.has(word) || /^\P{Ll}/u.test(word));
  return looksLikeName ? cleaned : '';
}

/** The first group of lines (up to a blank line): a title written over two lines is joined. */
function titleOf(before: { line: string; index: number }[]): string {
  const group = [before[0] as { line: string; index: number }];
  for (const entry of before.slice(1)) {
    if (entry.index !== (group.at(-1)?.index ?? 0) + 1) break;
    group.push(entry);
  }
  return titleCase(group.map((entry) => entry.line).join(' '));
}

function isCapitals(text: string): boolean {
  return /\p{Lu}/u.test(text) && !/\p{Ll}/u.test(text);
}

function titleCase(text: string): string {
  if (!isCapitals(text)) return text;
  return text
    .toLowerCase()
    .split(/(\s+)/)
    .map((word, i) => (i > 0 && MINOR_WORDS.has(word) ? word : capitalize(word)))
    .join('');
}

function nameCase(name: string): string {
  if (!isCapitals(name)) return name;
  return name
    .toLowerCase()
    .split(/(\s+|-)/)
    .map(capitalize)
    .join('');
}

function capitalize(word: string): string {
  const at = word.search(/\p{L}/u);
  return at < 0 ? word : word.slice(0, at) + word.charAt(at).toUpperCase() + word.slice(at + 1);
}
