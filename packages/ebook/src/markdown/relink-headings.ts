import type { Book } from '../model';
import { readableText } from '../readable-text';
import { HeadingSlugs } from './heading-slug';
import type { SourceBlock } from './markdown-source';

const LOCAL_LINK = /^(\]\(<?#)([^)\s>]+)/;

/**
 * The ids headings get from their translated text, by their source ids: GitHub names a heading's
 * anchor after its words, so a translated heading has a new one and links to it must follow.
 * @example headingMoves(book, sources).get('chapter-2-the-journey') // 'kapitel-2-die-reise'
 */
export function headingMoves(book: Book, sources: Map<string, SourceBlock>): Map<string, string> {
  const slugs = new HeadingSlugs();
  const moves = new Map<string, string>();
  for (const chapter of book.chapters)
    for (const block of chapter.blocks) {
      const source = sources.get(block.id);
      if (block.kind !== 'heading' || source?.kind !== 'heading' || !source.anchors[0]) continue;
      const slug = slugs.next(readableText(block.text, block.inlines));
      if (slug !== source.anchors[0]) moves.set(source.anchors[0], slug);
    }
  return moves;
}

/** The block with its links to moved headings pointing at their new ids, or null when none moved. */
export function relinked(source: SourceBlock, moves: Map<string, string>): SourceBlock | null {
  if (moves.size === 0) return null;
  let changed = false;
  const syntax = source.syntax.map((entry) => {
    const local = entry.close === undefined ? null : LOCAL_LINK.exec(entry.close);
    const moved = local ? moves.get(decode(local[2] as string)) : undefined;
    if (!local || moved === undefined || entry.close === undefined) return entry;
    changed = true;
    return { ...entry, close: `${local[1]}${encodeURI(moved)}${entry.close.slice(local[0].length)}` };
  });
  return changed ? { ...source, syntax } : null;
}

function decode(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
