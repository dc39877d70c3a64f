import { layoutOf } from './block-layout';
import type { Block, Chapter } from './model';

/** A run of blocks the writer renders as one element: a paragraph, or a poem, cite, epigraph or table. */
export interface Fb2Item {
  type: 'block' | 'poem' | 'cite' | 'epigraph' | 'table';
  blocks: Block[];
}

export interface Fb2Section {
  title: Block[];
  epigraphs: Fb2Item[];
  items: (Fb2Item | Fb2Section)[];
  level: number;
}

const CONTAINERS: Partial<Record<Block['kind'], Fb2Item['type']>> = {
  'poem-line': 'poem',
  blockquote: 'cite',
  epigraph: 'epigraph',
  'table-cell': 'table',
};

/**
 * Arranges a chapter's blocks (notes excluded) into FB2 sections: leading headings form the title,
 * later headings of levels 1-5 open nested sections, level 6 stays a subtitle, and runs of
 * same-container blocks (same kind and layout group) become one poem, cite, epigraph or table.
 * @example planFb2Sections(chapter)[0].title[0].text // 'CHAPTER I.'
 */
export function planFb2Sections(chapter: Chapter): Fb2Section[] {
  const top: Fb2Section[] = [];
  const stack: Fb2Section[] = [];
  const open = (level: number) => {
    while (stack.length > 0 && (stack[stack.length - 1] as Fb2Section).level >= level) stack.pop();
    const section: Fb2Section = { title: [], epigraphs: [], items: [], level };
    const parent = stack[stack.length - 1];
    if (parent) parent.items.push(section);
    else top.push(section);
    stack.push(section);
    return section;
  };
  let current: Fb2Section | null = null;
  let lastItem: Fb2Item | null = null;
  for (const block of chapter.blocks) {
    if (block.kind === 'note') continue;
    if (block.kind === 'heading' && (block.level ?? 1) < 6) {
      const level = block.level ?? 1;
      const continuesTitle =
        current && current.items.length === 0 && current.epigraphs.length === 0 && current.level === level;
      if (!continuesTitle) current = open(level);
      (current as Fb2Section).title.push(block);
      lastItem = null;
      continue;
    }
    current ??= open(stack.length === 0 ? 1 : 6);
    const type = CONTAINERS[block.kind] ?? 'block';
    const group = layoutOf(block).group;
    const last = lastItem?.blocks[0];
    if (type !== 'block' && last && last.kind === block.kind && layoutOf(last).group === group) {
      lastItem?.blocks.push(block);
      continue;
    }
    lastItem = { type, blocks: [block] };
    if (type === 'epigraph' && current.items.length === 0) current.epigraphs.push(lastItem);
    else
      current.items.push(
        lastItem.type === 'epigraph' ? Object.assign(lastItem, { type: 'cite' as const }) : lastItem,
      );
  }
  return top;
}
