/**
 * Where the inline placeholders of placeholder text (`<g1>…</g1>`, `<x2/>`) sit, for the reply
 * checks and the sentence splitter. The grammar is the contract's (placeholder-grammar.ts, copied in
 * @booktranslate/ebook placeholders.ts); placeholder-tags.test.ts proves this reading agrees.
 */
const TAG = /<(\/?)g(\d{1,6})>|<x(\d{1,6})\/>/g;

export interface PlaceholderTag {
  /** 'open' <gN>, 'close' </gN>, 'empty' <xN/>. */
  type: 'open' | 'close' | 'empty';
  n: number;
  index: number;
  length: number;
}

export function readPlaceholders(text: string): PlaceholderTag[] {
  const tags: PlaceholderTag[] = [];
  for (const m of text.matchAll(TAG)) {
    const type = m[3] !== undefined ? 'empty' : m[1] ? 'close' : 'open';
    tags.push({ type, n: Number(m[2] ?? m[3]), index: m.index, length: m[0].length });
  }
  return tags;
}

/** True when every <gN> is closed by its own </gN> in proper nesting. */
export function placeholdersBalanced(text: string): boolean {
  const stack: number[] = [];
  for (const tag of readPlaceholders(text)) {
    if (tag.type === 'open') stack.push(tag.n);
    else if (tag.type === 'close' && stack.pop() !== tag.n) return false;
  }
  return stack.length === 0;
}

/** The visible text, placeholders removed. */
export function stripPlaceholders(text: string): string {
  return text.replace(TAG, '');
}

/** Offsets in `text` where no paired tag is open: the only safe places to cut a block. */
export function topLevelOffsets(text: string): Set<number> {
  const safe = new Set<number>([0, text.length]);
  let depth = 0;
  let last = 0;
  for (const tag of readPlaceholders(text)) {
    if (depth === 0) for (let i = last; i <= tag.index; i++) safe.add(i);
    if (tag.type === 'open') depth++;
    else if (tag.type === 'close') depth = Math.max(0, depth - 1);
    last = tag.index + tag.length;
  }
  if (depth === 0) for (let i = last; i <= text.length; i++) safe.add(i);
  return safe;
}
