import type { LaidOutBlock } from './block-layout';
import { BlockBuilder } from './build-block';
import { FALLBACK_HOSTS, hasFallbackText, mathText, svgParts } from './embedded-text';
import { resolveHref } from './epub-paths';
import type { Block, BlockKind, InlineKind } from './model';
import { type VersePlace, versePlace } from './verse-context';
import { BLOCK_KINDS, INLINE_KINDS, OPAQUE, SKIPPED } from './xhtml-elements';
import type { XmlDocument, XmlElement, XmlNode } from './xml-dom';
import { localName } from './xml-query';

/** A block and the source range its content occupies, for splicing translations back in place. */
export interface BlockSpan {
  block: Block;
  /** The block's placeholder text as parsed, kept apart from the Block that callers may change. */
  sourceText: string;
  start: number;
  end: number;
  /** The element whose whole content is the block (absent for runs of mixed content). */
  element?: XmlElement;
}

interface Context {
  kind?: BlockKind;
  noteId?: string;
  /** For verse: the poem and stanza a line belongs to. */
  verse?: VersePlace;
}

const NOTE_TYPES = /\b(footnote|endnote|rearnote|note|doc-footnote|doc-endnote)\b/;

/**
 * Finds the translatable blocks of an XHTML content document in reading order, with stable ids
 * `${chapterId}.b${n}`. Inline markup becomes placeholders; internal link targets are archive paths
 * (`OEBPS/ch2.xhtml#x`), mapped to chapter ids by the caller.
 * @example extractBlocks(parseXml(xhtml), 'OEBPS/ch1.xhtml', 'c1')[0].block.text
 */
export function extractBlocks(doc: XmlDocument, path: string, chapterId: string): BlockSpan[] {
  const spans: BlockSpan[] = [];
  // XHTML has <body>; DTBook (EPUB 2) has <book>; an SVG document is its own page.
  const body = doc.root.children.find(
    (c): c is XmlElement => c.type === 'element' && BODIES.has(localName(c.name)),
  );
  const containsBlock = new Set<XmlElement>();
  markBlockContainers(doc.root, containsBlock);
  const state: State = {
    spans,
    path,
    chapterId,
    containsBlock,
    source: doc.source,
    pendingIds: [],
    verses: 0,
  };
  if (localName(doc.root.name) === 'svg') walkSvg(doc.root, {}, state);
  else if (body) walk(body, {}, state);
  return spans;
}

const BODIES = new Set(['body', 'book']);

type State = {
  spans: BlockSpan[];
  path: string;
  chapterId: string;
  containsBlock: Set<XmlElement>;
  source: string;
  /** Ids of containers (sections, divs) met since the last block: they point at the next block. */
  pendingIds: string[];
  /** Poems and stanzas numbered so far. */
  verses: number;
};

const BLANK = /^[ \t\n\r\f]*$/;

function isBlankText(node: XmlNode): boolean {
  return node.type === 'text' && BLANK.test(node.text);
}

function isInline(node: XmlNode, state: State): boolean {
  if (node.type === 'text') return true;
  return localName(node.name) in INLINE_KINDS && !state.containsBlock.has(node);
}

// Post-order: an element "contains a block" when a descendant is block-level.
function markBlockContainers(el: XmlElement, out: Set<XmlElement>): boolean {
  let found = false;
  for (const child of el.children) {
    if (child.type !== 'element') continue;
    // A formula is one inline unit, whatever its MathML inside.
    if (localName(child.name) === 'math') continue;
    const inner = markBlockContainers(child, out);
    if (inner || !(localName(child.name) in INLINE_KINDS)) found = true;
  }
  if (found) out.add(el);
  return found;
}

function walk(el: XmlElement, ctx: Context, state: State): void {
  const name = localName(el.name);
  if (name === 'svg') {
    walkSvg(el, ctx, state);
    return;
  }
  if (SKIPPED.has(name)) return;
  const here = contextOf(el, name, ctx, state);
  if (!state.containsBlock.has(el) && el !== undefined && !BODIES.has(name)) {
    addBlock(el.children, el.openEnd, el.closeStart, kindOf(name, here), el, here, state);
    return;
  }
  // A link or TOC entry to a container lands on its first block; other formats keep that id there.
  if (el.attrs.id) state.pendingIds.push(el.attrs.id);
  let run: XmlNode[] = [];
  const flush = () => {
    const first = run[0];
    const last = run[run.length - 1];
    // Indentation between blocks would build a block that comes out empty: skip it unbuilt.
    if (first && last && !run.every(isBlankText))
      addBlock(run, first.start, last.end, kindOf(name, here), undefined, here, state);
    run = [];
  };
  for (const child of el.children) {
    if (isInline(child, state)) run.push(child);
    else {
      flush();
      if (child.type === 'element') walk(child, here, state);
    }
  }
  flush();
}

// SVG text is translated in place, one block per <text>; XHTML in a <foreignObject> reads as a page.
function walkSvg(svg: XmlElement, ctx: Context, state: State): void {
  for (const part of svgParts(svg)) {
    if (localName(part.name) === 'text') {
      addBlock(part.children, part.openEnd, part.closeStart, ctx.kind ?? 'paragraph', part, ctx, state);
      const added = state.spans[state.spans.length - 1];
      if (added?.element === part) added.block.origin = 'svg';
    } else for (const child of part.children) if (child.type === 'element') walk(child, ctx, state);
  }
}

function contextOf(el: XmlElement, name: string, ctx: Context, state: State): Context {
  const types = `${el.attrs['epub:type'] ?? ''} ${el.attrs.role ?? ''}`;
  if (NOTE_TYPES.test(types) || (name === 'aside' && !ctx.noteId && el.attrs.id))
    return { kind: 'note', ...(el.attrs.id && { noteId: el.attrs.id }) };
  if (ctx.kind === 'note') return ctx;
  if (/\bepigraph\b/.test(types)) return { kind: 'epigraph' };
  const verse = versePlace(el, name, ctx.verse, () => ++state.verses);
  if (verse) return { kind: 'poem-line', verse };
  if (name === 'blockquote') return { kind: 'blockquote' };
  return ctx;
}

function kindOf(name: string, ctx: Context): BlockKind {
  const own = BLOCK_KINDS[name];
  if (own === 'heading' || own === 'table-cell' || own === 'preformatted' || own === 'caption') return own;
  return ctx.kind ?? own ?? 'paragraph';
}

function addBlock(
  nodes: XmlNode[],
  start: number,
  end: number,
  kind: BlockKind,
  el: XmlElement | undefined,
  ctx: Context,
  state: State,
): void {
  const builder = new BlockBuilder(kind === 'preformatted');
  // Images and formulas make a block even without words: the writers still place them.
  let embedded = 0;
  const visit = (node: XmlNode) => {
    if (node.type === 'text') return builder.text(node.text);
    const name = localName(node.name);
    const kindOfInline: InlineKind = inlineKind(node, name);
    const tag = {
      kind: kindOfInline,
      tag: node.name,
      attrs: node.attrs,
      ...linkTarget(node, name, state.path),
    };
    // Fallback text of an object, audio or video is read and translated; the element stays around it.
    if (OPAQUE.has(name) && !(FALLBACK_HOSTS.has(name) && hasFallbackText(node))) {
      const alt = name === 'math' ? mathText(node) : '';
      if (kindOfInline === 'image' || alt) embedded++;
      builder.empty({ ...tag, raw: state.source.slice(node.start, node.end), ...(alt && { alt }) });
      return;
    }
    // An SVG line placed on its own (x, y or dy) starts a new line of text: a space, not glued words.
    if (name === 'tspan' && ('x' in node.attrs || 'y' in node.attrs || 'dy' in node.attrs)) builder.text(' ');
    const n = builder.open(tag);
    for (const child of node.children) visit(child);
    builder.close(n);
  };
  for (const node of nodes) visit(node);
  if (!builder.hasContent && embedded === 0) {
    // An empty element can still be a link target: the next block takes its id.
    if (el?.attrs.id) state.pendingIds.push(el.attrs.id);
    return;
  }
  const built = builder.finish();
  const id = `${state.chapterId}.b${state.spans.length + 1}`;
  const block: Block = { id, kind, text: built.text, inlines: built.inlines };
  const level = /^h([1-6])$/.exec(el ? localName(el.name) : '')?.[1];
  if (kind === 'heading' && level) block.level = Number(level);
  const ids = [...state.pendingIds, ...(el?.attrs.id ? [el.attrs.id] : [])];
  state.pendingIds = [];
  const anchor = el?.attrs.id ?? ids[0];
  if (anchor) block.anchor = anchor;
  const aliases = ids.filter((id) => id !== anchor);
  if (aliases.length > 0) block.aliases = aliases;
  if (kind === 'note' && ctx.noteId) block.noteId = ctx.noteId;
  // The writers of FB2 and TXT rebuild poems and stanzas from this.
  if (kind === 'poem-line' && ctx.verse) (block as LaidOutBlock).layout = { ...ctx.verse };
  state.spans.push({ block, sourceText: block.text, start, end, ...(el && { element: el }) });
}

function inlineKind(node: XmlElement, name: string): InlineKind {
  const types = `${node.attrs['epub:type'] ?? ''} ${node.attrs.role ?? ''}`;
  if (name === 'a' && /\b(noteref|doc-noteref)\b/.test(types)) return 'noteref';
  return INLINE_KINDS[name] ?? 'other';
}

function linkTarget(node: XmlElement, name: string, path: string): { href?: string } {
  const raw =
    name === 'a'
      ? node.attrs.href
      : name === 'img'
        ? node.attrs.src
        : name === 'image'
          ? node.attrs['xlink:href']
          : undefined;
  if (raw === undefined) return {};
  const ref = resolveHref(path, raw);
  if (!ref) return { href: raw };
  return { href: ref.fragment !== undefined ? `${ref.path}#${ref.fragment}` : ref.path };
}
