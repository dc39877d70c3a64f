import type { LaidOutBlock } from '../block-layout';
import type { Chapter, TocEntry } from '../model';
import { readableText } from '../readable-text';
import { checkBlocks, checkChapters, checkText } from '../structure-limits';
import type { SourceParagraph } from './walk-docx-body';

export interface DocxChapters {
  chapters: Chapter[];
  toc: TocEntry[];
  /** The source paragraph of every block, by block id: where the writer puts its translation. */
  sources: Map<string, SourceParagraph>;
}

/**
 * Chapters from the body's paragraphs, split at the top heading level the document really uses
 * (a book whose only Heading 1s are its title and contents splits at its Heading 2 chapters), then one chapter per notes part. Block ids are `c{n}.b{m}` in reading
 * order, the same on every read of the same bytes.
 * @example buildChapters(body, [footnotes]).chapters.map((c) => c.title) // ['One', 'Two', undefined]
 */
export function buildChapters(body: SourceParagraph[], notes: SourceParagraph[][]): DocxChapters {
  const chapters: Chapter[] = [];
  const sources = new Map<string, SourceParagraph>();
  const split = splitLevel(body);
  let blocks = 0;
  let chars = 0;
  let chapter: Chapter | null = null;
  let pending: string[] = [];
  const start = (role: Chapter['role']): Chapter => {
    const made: Chapter = { id: `c${chapters.length + 1}`, role, blocks: [] };
    chapters.push(made);
    checkChapters(chapters.length);
    return made;
  };
  const add = (source: SourceParagraph, into: Chapter) => {
    const { built } = source.walked;
    const anchors = [...pending, ...source.anchors];
    if (!source.walked.hasContent && !built.inlines.some((tag) => tag.kind === 'image')) {
      pending = anchors;
      return;
    }
    pending = [];
    const id = `${into.id}.b${into.blocks.length + 1}`;
    const heading = source.kind === 'heading';
    const anchor = source.noteId ?? anchors[0] ?? (heading ? id.replace('.', '-') : undefined);
    const aliases = anchors.filter((name) => name !== anchor);
    const block: LaidOutBlock = {
      id,
      kind: source.kind,
      text: built.text,
      inlines: built.inlines,
      ...(heading && { level: Math.max(source.level ?? 1, 1) }),
      ...(anchor && { anchor }),
      ...(aliases.length > 0 && { aliases }),
      ...(source.noteId && { noteId: source.noteId }),
      ...(source.layout && { layout: source.layout }),
    };
    into.blocks.push(block);
    sources.set(id, source);
    checkBlocks(++blocks);
    chars += block.text.length;
    checkText(chars);
  };
  for (const source of body) {
    const level = source.kind === 'heading' ? source.level : undefined;
    const opens = level !== undefined && level > 0 && split !== undefined && level <= split;
    // Headings alone (a title over the first chapter's heading) stay with what follows them.
    if (!chapter || (opens && chapter.blocks.some((block) => block.kind !== 'heading')))
      chapter = start('body');
    add(source, chapter);
  }
  for (const part of notes) {
    if (part.length === 0) continue;
    pending = [];
    const into = start('notes');
    for (const source of part) add(source, into);
  }
  const kept = chapters.filter((c) => c.blocks.length > 0);
  for (const c of kept) {
    const headings = c.blocks.filter((block) => block.kind === 'heading');
    const heading = headings.find((block) => sources.get(block.id)?.level !== 0) ?? headings[0];
    if (heading) c.title = readableText(heading.text, heading.inlines).replace(/\s+/g, ' ').trim();
  }
  resolveHrefs(kept);
  return { chapters: kept, toc: buildToc(kept, sources, split), sources };
}

function splitLevel(body: SourceParagraph[]): number | undefined {
  const counts = new Map<number, number>();
  for (const source of body)
    if (source.kind === 'heading' && (source.level ?? 0) > 0 && source.walked.hasContent)
      counts.set(source.level as number, (counts.get(source.level as number) ?? 0) + 1);
  const levels = [...counts.keys()].sort((a, b) => a - b);
  let at = 0;
  let above = counts.get(levels[0] as number) ?? 0;
  // Fewer than three top headings (a title, a contents page) over three or more of the next level:
  // the next level holds the chapters.
  while (above < 3 && at + 1 < levels.length && (counts.get(levels[at + 1] as number) ?? 0) >= 3) {
    at++;
    above += counts.get(levels[at] as number) ?? 0;
  }
  return levels[at];
}

// Headings at or above the split level are top entries; deeper ones nest under the last shallower one.
function buildToc(chapters: Chapter[], sources: Map<string, SourceParagraph>, split = 1): TocEntry[] {
  const toc: TocEntry[] = [];
  const stack: { level: number; entry: TocEntry }[] = [];
  for (const chapter of chapters) {
    if (chapter.role === 'notes') continue;
    for (const block of chapter.blocks) {
      if (block.kind !== 'heading' || sources.get(block.id)?.level === 0) continue;
      const title = readableText(block.text, block.inlines).replace(/\s+/g, ' ').trim();
      if (!title) continue;
      const level = Math.max(block.level ?? 1, split);
      const entry: TocEntry = {
        title,
        chapterId: chapter.id,
        ...(block.anchor && { anchor: block.anchor }),
        children: [],
      };
      while (stack.length > 0 && (stack[stack.length - 1] as { level: number }).level >= level) stack.pop();
      (stack.length > 0 ? (stack[stack.length - 1] as { entry: TocEntry }).entry.children : toc).push(entry);
      stack.push({ level, entry });
    }
  }
  return toc;
}

// "#bookmark" links and note references become "chapterId#bookmark", as every writer expects.
function resolveHrefs(chapters: Chapter[]): void {
  const home = new Map<string, string>();
  for (const chapter of chapters)
    for (const block of chapter.blocks)
      for (const name of [block.anchor, ...(block.aliases ?? [])])
        if (name !== undefined && !home.has(name)) home.set(name, chapter.id);
  for (const chapter of chapters)
    for (const block of chapter.blocks)
      for (const tag of block.inlines) {
        if (!tag.href?.startsWith('#')) continue;
        const target = home.get(tag.href.slice(1));
        if (target) tag.href = `${target}${tag.href}`;
      }
}
