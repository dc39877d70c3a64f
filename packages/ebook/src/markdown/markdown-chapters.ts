import type { LaidOutBlock } from '../block-layout';
import type { Chapter, TocEntry } from '../model';
import { readableText } from '../readable-text';
import { checkChapters } from '../structure-limits';
import { cleanAnchor } from './heading-slug';
import type { MarkdownReading } from './markdown-blocks';
import type { SourceBlock } from './markdown-source';

/** The book's chapters and table of contents, and each block's source by its id. */
export interface MarkdownChapters {
  chapters: Chapter[];
  toc: TocEntry[];
  sources: Map<string, SourceBlock>;
}

/**
 * Splits the blocks into chapters at the top heading level the document uses (H1; H2 when a single
 * H1 is the title), numbers the blocks `c1.b1`…, puts the footnotes in a notes chapter of their own
 * and points every link and note reference at the chapter that holds its target.
 * @example buildChapters(reading).chapters.map((c) => c.title) // ['My Book', 'Chapter 1', ...]
 */
export function buildChapters(reading: MarkdownReading): MarkdownChapters {
  const split = splitLevel(reading.body);
  const chapters: Chapter[] = [];
  const sources = new Map<string, SourceBlock>();
  const toc: TocEntry[] = [];
  const anchors = new Map<string, string>();
  let chapter: Chapter | null = null;
  const add = (target: Chapter, source: SourceBlock, extra: Partial<LaidOutBlock> = {}) => {
    const id = `${target.id}.b${target.blocks.length + 1}`;
    const [anchor, ...aliases] = source.anchors;
    const block: LaidOutBlock = {
      id,
      kind: source.kind,
      ...(source.level ? { level: source.level } : {}),
      text: source.text,
      inlines: source.inlines,
      ...(anchor ? { anchor } : {}),
      ...(aliases.length ? { aliases } : {}),
      ...(source.stanza ? { layout: { stanza: source.stanza, group: source.stanza } } : {}),
      ...(source.table ? { layout: { ...source.table } } : {}),
      ...extra,
    };
    for (const name of source.anchors) if (!anchors.has(name)) anchors.set(name, target.id);
    target.blocks.push(block);
    sources.set(id, source);
  };
  for (const source of reading.body) {
    const heading = source.kind === 'heading' && (source.level ?? 1) <= split;
    if (!chapter || heading) {
      const title = heading ? readableText(source.text, source.inlines).trim() : '';
      chapter = { id: `c${chapters.length + 1}`, role: 'body', blocks: [], ...(title ? { title } : {}) };
      chapters.push(chapter);
      checkChapters(chapters.length);
      if (title) toc.push({ title, chapterId: chapter.id, children: [] });
    } else if (source.kind === 'heading' && source.level === split + 1 && source.anchors[0]) {
      const title = readableText(source.text, source.inlines).trim();
      const parent = toc[toc.length - 1];
      if (title && parent?.chapterId === chapter.id)
        parent.children.push({ title, chapterId: chapter.id, anchor: source.anchors[0], children: [] });
    }
    add(chapter, source);
  }
  const noteIds = new Map<string, string>();
  if (reading.notes.length > 0) {
    const notes: Chapter = { id: `c${chapters.length + 1}`, role: 'notes', blocks: [] };
    chapters.push(notes);
    for (const source of reading.notes) {
      const noteId = `fn-${cleanAnchor((source.footnote ?? '').toLowerCase())}`;
      if (!noteIds.has(source.footnote ?? '')) noteIds.set(source.footnote ?? '', `${notes.id}#${noteId}`);
      add(notes, source, { kind: source.kind === 'preformatted' ? 'preformatted' : 'note', noteId });
    }
  }
  resolveTargets(chapters, sources, reading.definitions, anchors, noteIds);
  return { chapters, toc, sources };
}

// H1 chapters; H2 when one H1 is the book's title above them.
function splitLevel(blocks: SourceBlock[]): number {
  const levels = blocks.filter((b) => b.kind === 'heading').map((b) => b.level ?? 1);
  if (levels.length === 0) return 1;
  const top = Math.min(...levels);
  const below = levels.filter((level) => level > top);
  if (levels.filter((level) => level === top).length === 1 && below.length > 0) return Math.min(...below);
  return top;
}

function resolveTargets(
  chapters: Chapter[],
  sources: Map<string, SourceBlock>,
  definitions: Map<string, string>,
  anchors: Map<string, string>,
  noteIds: Map<string, string>,
): void {
  const resolve = (url: string | undefined): string | undefined => {
    if (url === undefined || !url.startsWith('#')) return url;
    const anchor = cleanAnchor(decodeFragment(url.slice(1)));
    const chapterId = anchors.get(anchor);
    return chapterId ? `${chapterId}#${anchor}` : url;
  };
  for (const chapter of chapters)
    for (const block of chapter.blocks) {
      const source = sources.get(block.id);
      if (!source?.targets.length) continue;
      for (const tag of block.inlines) {
        const target = source.targets[tag.n - 1];
        if (!target) continue;
        const href =
          target.type === 'url'
            ? resolve(target.url)
            : target.type === 'definition'
              ? resolve(definitions.get(target.id))
              : noteIds.get(target.id);
        if (href !== undefined) tag.href = href;
      }
    }
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
