import type { Block, Chapter, InlineTag } from '../model';
import { parsePlaceholders } from '../placeholders';

// What a note reference shows: a number, a star or dagger, a letter or a small Roman numeral,
// perhaps in brackets: never words.
const NOTE_LABEL = /^[[(]?(\d{1,4}|[*†‡§¶]{1,3}|[a-z]|[ivxlc]{1,6})[\])]?[.,]?$/i;
/** A note longer than this is a chapter that a short link happens to point to. */
const MAX_NOTE_BLOCKS = 20;

/**
 * Kindle books keep no trace of which links are note references: calibre and kindlegen write them
 * as plain links (`<a href="…#note_1"><sup>1</sup></a>`) to a block in a notes section. A link is
 * taken as a note reference when it shows only a note label, stands in a paragraph with other
 * words, and points to a block (not to another link); the note runs from that block to the next
 * such target, heading or chapter end. Its blocks become kind 'note' with the target as `noteId`,
 * and the links kind 'noteref'.
 * @example markKindleNotes(chapters) // chapters[29].blocks[1].kind === 'note'
 */
export function markKindleNotes(chapters: Chapter[]): void {
  const place = new Map<string, { chapter: Chapter; index: number }>();
  for (const chapter of chapters)
    chapter.blocks.forEach((block, index) => {
      for (const key of [block.anchor, ...(block.aliases ?? [])])
        if (key && !place.has(`${chapter.id}#${key}`)) place.set(`${chapter.id}#${key}`, { chapter, index });
    });
  const refs: { tag: InlineTag; target: string }[] = [];
  for (const chapter of chapters)
    for (const block of chapter.blocks)
      for (const tag of block.inlines)
        if (tag.kind === 'link' && tag.href && place.has(tag.href) && looksLikeNoteRef(block, tag))
          refs.push({ tag, target: tag.href });
  // Each note's first block, by chapter, so a note ends where the next begins.
  const starts = new Map<Chapter, Map<number, string>>();
  for (const { target } of refs) {
    const at = place.get(target);
    if (!at) continue;
    const byIndex = starts.get(at.chapter) ?? new Map<number, string>();
    if (!byIndex.has(at.index)) byIndex.set(at.index, target.slice(target.indexOf('#') + 1));
    starts.set(at.chapter, byIndex);
  }
  const notes = new Set<string>();
  for (const [chapter, byIndex] of starts)
    for (const [index, noteId] of byIndex) {
      let end = index + 1;
      while (end < chapter.blocks.length && !byIndex.has(end) && chapter.blocks[end]?.kind !== 'heading')
        end++;
      if (end - index > MAX_NOTE_BLOCKS) continue;
      for (const block of chapter.blocks.slice(index, end)) {
        block.kind = 'note';
        block.noteId = noteId;
        delete block.level;
      }
      notes.add(`${chapter.id}#${noteId}`);
    }
  for (const { tag, target } of refs) if (notes.has(target)) tag.kind = 'noteref';
}

// The link's own text is a note label, and the block has words besides it.
function looksLikeNoteRef(block: Block, tag: InlineTag): boolean {
  let inside = '';
  let outside = '';
  let depth = 0;
  for (const token of parsePlaceholders(block.text)) {
    if (token.type === 'open' && (token.n === tag.n || depth > 0)) depth++;
    else if (token.type === 'close' && depth > 0) depth--;
    else if (token.type === 'text') {
      if (depth > 0) inside += token.value;
      else outside += token.value;
    }
  }
  return NOTE_LABEL.test(inside.trim()) && /[\p{L}\p{N}]{2}/u.test(outside);
}
