import type { Block, BlockKind, InlineTag } from './model';

const WHITESPACE = /[ \t\n\r\f]+/g;
// Most text runs hold only single spaces: testing first spares the copy replace() would make.
const NEEDS_COLLAPSE = /[\t\n\r\f]| {2}/;

export type InlineInput = Omit<InlineTag, 'n' | 'empty'>;

/**
 * Collects one block's text and inline markup as a reader walks the source tree: call `text()` for
 * character data, `open()`/`close()` around inline elements and `empty()` for standalone ones, then
 * `finish()`. Whitespace is collapsed as a renderer would, and an element that enclosed no text
 * becomes a standalone placeholder.
 * @example
 *   const b = new BlockBuilder(); b.text('Say '); const n = b.open({ kind: 'emphasis', tag: 'i' });
 *   b.text('hi'); b.close(n); b.finish() // { text: 'Say <g1>hi</g1>', inlines: [...] }
 */
export class BlockBuilder {
  private parts: string[] = [];
  private inlines: InlineTag[] = [];
  private next = 1;
  // Position in `parts` where each open tag was written, to turn empty pairs into <xN/>.
  private openedAt = new Map<number, number>();
  private pendingSpace = false;
  private hasText = false;

  /** `preserveSpace` keeps whitespace as written (preformatted blocks). */
  constructor(private readonly preserveSpace = false) {}

  text(value: string): void {
    if (this.preserveSpace) {
      if (value !== '') this.parts.push(value);
      this.hasText ||= /\S/.test(value);
      return;
    }
    // Collapse runs of XML whitespace to one space, then keep a leading/trailing space as "pending"
    // so it is written only between two pieces of text, never at the edges of the block.
    const collapsed = NEEDS_COLLAPSE.test(value) ? value.replace(WHITESPACE, ' ') : value;
    if (collapsed === '' || collapsed === ' ') {
      if (collapsed) this.pendingSpace = true;
      return;
    }
    const leading = collapsed.charCodeAt(0) === 32;
    const trailing = collapsed.charCodeAt(collapsed.length - 1) === 32;
    if ((leading || this.pendingSpace) && this.hasText) this.parts.push(' ');
    this.parts.push(collapsed.slice(leading ? 1 : 0, trailing ? -1 : undefined));
    this.hasText = true;
    this.pendingSpace = trailing;
  }

  open(tag: InlineInput): number {
    this.flushSpace();
    const n = this.next++;
    this.inlines.push({ ...tag, n, empty: false });
    this.openedAt.set(n, this.parts.length);
    this.parts.push(`<g${n}>`);
    return n;
  }

  close(n: number): void {
    const at = this.openedAt.get(n);
    this.openedAt.delete(n);
    if (at === this.parts.length - 1) {
      this.parts[at] = `<x${n}/>`;
      // Tags are numbered in the order they were pushed, from 1.
      const tag = this.inlines[n - 1];
      if (tag) tag.empty = true;
      return;
    }
    this.parts.push(`</g${n}>`);
  }

  empty(tag: InlineInput): number {
    this.flushSpace();
    const n = this.next++;
    this.inlines.push({ ...tag, n, empty: true });
    this.parts.push(`<x${n}/>`);
    return n;
  }

  /** True once any non-whitespace text was added. */
  get hasContent(): boolean {
    return this.hasText;
  }

  finish(): Pick<Block, 'text' | 'inlines'> {
    return { text: this.parts.join(''), inlines: this.inlines };
  }

  // A space before a tag belongs to the text outside it ("a <g1>b</g1>"), never inside.
  private flushSpace(): void {
    if (this.pendingSpace && this.hasText) this.parts.push(' ');
    this.pendingSpace = false;
  }
}

/** Convenience for readers: a block from finished builder output. */
export function makeBlock(
  id: string,
  kind: BlockKind,
  built: Pick<Block, 'text' | 'inlines'>,
  extra: Partial<Block> = {},
): Block {
  return { id, kind, text: built.text, inlines: built.inlines, ...extra };
}
