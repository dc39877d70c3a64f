import type { Block } from './model';

/**
 * Structure the FB2 and TXT codecs keep beside a block, for the writers to rebuild containers the
 * Book model has no field for: which poem, epigraph, cite or table a block belongs to (`group`),
 * its stanza, and its table row and cell. Optional: blocks from other readers have none, and
 * writers then fall back to one container per run of same-kind blocks.
 */
export interface BlockLayout {
  group?: number;
  stanza?: number;
  row?: number;
  header?: boolean;
  /** 'text-author' for attributions under epigraphs, poems and cites; 'title' for poem titles. */
  role?: 'text-author' | 'title' | 'date';
}

export type LaidOutBlock = Block & { layout?: BlockLayout };

/** The layout hints of a block, or an empty object. */
export function layoutOf(block: Block): BlockLayout {
  return (block as LaidOutBlock).layout ?? {};
}
