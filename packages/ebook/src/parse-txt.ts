import { assertPlainText } from './assert-plain-text';
import type { LaidOutBlock } from './block-layout';
import { cutLongText } from './cut-long-text';
import { detectAndDecode } from './detect-encoding';
import { EbookError } from './errors';
import type { Block, Book, Chapter } from './model';
import type { ReadOptions } from './options';
import { readTxtMetadata } from './read-txt-metadata';
import {
  endsSentences,
  isLineGroup,
  joinLines,
  splitTxtParagraphs,
  type TextGroup,
  wrapWidth,
} from './split-txt-paragraphs';
import { checkBlocks, checkText, STRUCTURE_LIMITS } from './structure-limits';
import { type HeadingKind, headingKind, looksLikeTitle } from './txt-headings';

/**
 * Reads a plain-text book: detects the encoding, splits paragraphs and finds chapter headings.
 * @example const book = await parseTxt(new TextEncoder().encode('CHAPTER I.\n\nIt was a dark night.'));
 *   book.chapters[0].blocks[0] // { kind: 'heading', text: 'CHAPTER I.', ... }
 */
export async function parseTxt(bytes: Uint8Array, options: ReadOptions = {}): Promise<Book> {
  assertPlainText(bytes);
  // No encoding read here takes more than 4 bytes a character: a file that large is more text than
  // any book, refused before it is decoded.
  checkText(Math.ceil(bytes.length / 4));
  const { encoding, text: raw } = detectAndDecode(bytes);
  checkText(raw.length);
  const text = raw.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n');
  assertPlainText(text);
  const groups = splitTxtParagraphs(text);
  checkBlocks(groups.length);
  const chapters = buildChapters(groups);
  checkBlocks(chapters.reduce((sum, chapter) => sum + chapter.blocks.length, 0));
  if (
    !options.emptyOk &&
    !chapters.some((chapter) => chapter.blocks.some((block) => /[\p{L}\p{N}]/u.test(block.text)))
  ) {
    throw new EbookError('no-text', 'the text file has no readable text');
  }
  const metadata = readTxtMetadata(text, chapters, options.filename);
  const toc = chapters
    .filter((chapter) => chapter.title)
    .map((chapter) => ({ title: chapter.title ?? '', chapterId: chapter.id, children: [] }));
  return { format: 'txt', metadata, chapters, toc, resources: [], encoding };
}

interface Classified {
  group: TextGroup;
  heading: HeadingKind | 'title' | 'minor' | null;
}

function classify(groups: TextGroup[]): Classified[] {
  const out: Classified[] = groups.map((group) => ({
    group,
    heading: group.lines.length === 1 ? headingKind((group.lines[0] ?? '').trim()) : null,
  }));
  const hasWords = out.some((c) => c.heading === 'part' || c.heading === 'chapter');
  // Short lines standing alone between blank lines are titles in books without "Chapter" headings.
  if (!hasWords) {
    for (const c of out) {
      const line = c.group.lines[0] ?? '';
      const alone = c.group.lines.length === 1 && c.group.blankAfter >= 1 && !/^\s/.test(line);
      const spaced = c.group.blankBefore >= 2 || (c === out[0] && c.group.blankAfter >= 2);
      if (!c.heading && alone && spaced && looksLikeTitle(line.trim())) c.heading = 'title';
    }
  }
  // Numerals are chapters only when nothing else marks them; else they number stanzas or entries.
  const hasNamed = hasWords || out.some((c) => c.heading === 'title');
  if (hasNamed) for (const c of out) if (c.heading === 'number') c.heading = 'minor';
  return out;
}

function buildChapters(groups: TextGroup[]): Chapter[] {
  const classified = classify(groups);
  const hasParts = classified.some((c) => c.heading === 'part');
  const splitOnBreaks = !classified.some((c) => c.heading && c.heading !== 'break' && c.heading !== 'minor');
  const width = wrapWidth(groups);
  const chapters: Chapter[] = [];
  let chapter: Chapter | null = null;
  const start = (title?: string) => {
    chapter = { id: `c${chapters.length + 1}`, role: 'body', blocks: [], ...(title ? { title } : {}) };
    chapters.push(chapter);
    return chapter;
  };
  for (let i = 0; i < classified.length; i++) {
    const { group, heading } = classified[i] as Classified;
    const push = (kind: Block['kind'], text: string, level?: number) => {
      const target: Chapter = chapter ?? start();
      // A paragraph longer than any real one (a file that is one line) becomes blocks of a bounded size.
      for (const piece of cutLongText(text, STRUCTURE_LIMITS.maxBlockChars)) {
        const block: LaidOutBlock = {
          id: `${target.id}.b${target.blocks.length + 1}`,
          kind,
          text: piece,
          inlines: [],
          ...(level ? { level } : {}),
        };
        // The lines of one group are one stanza: the writers keep them together, apart from the next.
        if (kind === 'poem-line') block.layout = { stanza: i + 1 };
        target.blocks.push(block);
      }
    };
    const line = joinLines(group.lines);
    if (heading === 'minor') push('heading', line, hasParts ? 3 : 2);
    else if (heading === 'break') {
      if (splitOnBreaks && chapter) start();
      push('paragraph', line);
    } else if (heading) {
      const level = heading !== 'part' && hasParts ? 2 : 1;
      const next = classified[i + 1];
      const sub =
        next && !next.heading && next.group.lines.length === 1 ? (next.group.lines[0] ?? '').trim() : '';
      // A title line under a numbered heading ("CHAPTER II." / "The Old Mint."): set apart by two blank
      // lines, or written in title case.
      const apart = next && (next.group.blankAfter >= 2 || isTitleCase(sub));
      const subtitle =
        heading !== 'title' && sub && apart && looksLikeTitle(sub.replace(/\.$/, '')) ? sub : '';
      start(subtitle ? `${line} ${subtitle}` : line);
      push('heading', line, level);
      if (subtitle) {
        push('heading', subtitle, level);
        i++;
      }
    } else if (isLineGroup(group.lines, width)) {
      const kind = endsSentences(group.lines) ? 'paragraph' : 'poem-line';
      for (const verse of group.lines) push(kind, verse.trim().replace(/[ \t]+/g, ' '));
    } else push('paragraph', line);
  }
  return chapters;
}

function isTitleCase(line: string): boolean {
  const words = line.split(/\s+/).filter((word) => /^\p{L}/u.test(word) && word.length > 3);
  return words.length > 0 && words.every((word) => word.charAt(0) === word.charAt(0).toUpperCase());
}
