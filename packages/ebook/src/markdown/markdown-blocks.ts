import type { Nodes, PhrasingContent, RootContent } from 'mdast';
import { BlockBuilder } from '../build-block';
import type { BlockKind } from '../model';
import { readableText } from '../readable-text';
import { checkBlocks, checkDepth } from '../structure-limits';
import { cleanAnchor, type HeadingSlugs } from './heading-slug';
import { addHtmlText, type HtmlNesting, htmlIds } from './markdown-html';
import { addInlines, type InlineSink, slice } from './markdown-inlines';
import type { SourceBlock } from './markdown-source';
import { normaliseLabel } from './split-markdown';

/** What reading the document's pieces in order gathers. */
export interface MarkdownReading {
  body: SourceBlock[];
  notes: SourceBlock[];
  /** Link and image definitions: label → URL (the first definition of a label wins). */
  definitions: Map<string, string>;
  /** Footnote labels in the order their first reference was read, numbered from 1. */
  footnoteNumbers: Map<string, number>;
  slugs: HeadingSlugs;
  html: HtmlNesting;
  /** Ids of HTML elements met before the block they stand in front of. */
  pending: string[];
  tables: number;
}

type ParagraphKind = Extract<BlockKind, 'paragraph' | 'blockquote' | 'list-item' | 'note'>;

interface Context {
  kind: ParagraphKind;
  /** What starts a new line inside the containers around: `> `, a list item's indentation. */
  prefix: string;
  footnote?: string;
}

/** The part of the document one parse covers: its offset and the text the parser was given. */
export interface ParsedPart {
  start: number;
  length: number;
  input: string;
}

/**
 * Turns the top-level nodes of one parsed piece into source blocks: headings, paragraphs (by their
 * container: quote, list item, footnote), table cells, raw HTML with text, and code as a block that
 * is never translated.
 */
export function readFlow(nodes: RootContent[], part: ParsedPart, reading: MarkdownReading): void {
  walk(nodes, { kind: 'paragraph', prefix: '' }, part, reading, 1);
}

function walk(nodes: Nodes[], ctx: Context, part: ParsedPart, reading: MarkdownReading, depth: number): void {
  checkDepth(depth);
  for (const node of nodes) {
    const start = node.position?.start.offset ?? 0;
    // Stand-in definitions after the piece are not part of the document.
    if (start >= part.length) continue;
    switch (node.type) {
      case 'heading':
        addBlock(node.children, 'heading', ctx, node, part, reading, node.depth);
        break;
      case 'paragraph': {
        const verse = ctx.kind === 'paragraph' ? reading.html.verseGroup : null;
        addBlock(node.children, verse ? 'poem-line' : ctx.kind, ctx, node, part, reading, undefined, verse);
        break;
      }
      case 'blockquote':
        walk(
          node.children,
          inner(ctx, 'blockquote', `${linePrefix(part.input, start)}> `),
          part,
          reading,
          depth + 1,
        );
        break;
      case 'list':
        for (const item of node.children) {
          const prefix = itemPrefix(item, part.input);
          walk(item.children, inner(ctx, 'list-item', prefix), part, reading, depth + 1);
        }
        break;
      case 'footnoteDefinition': {
        const footnote = normaliseLabel(node.label ?? node.identifier);
        const prefix = `${linePrefix(part.input, start)}    `;
        walk(node.children, { kind: 'note', prefix, footnote }, part, reading, depth + 1);
        break;
      }
      case 'table':
        reading.tables++;
        node.children.forEach((row, r) => {
          for (const cell of row.children)
            addBlock(cell.children, 'table-cell', ctx, cell, part, reading, undefined, null, {
              group: reading.tables,
              row: r + 1,
              header: r === 0,
            });
        });
        break;
      case 'code':
        addCode(node, ctx, part, reading);
        break;
      case 'html':
        addHtml(node, ctx, part, reading);
        break;
      case 'definition': {
        const label = normaliseLabel(node.label ?? node.identifier);
        if (!reading.definitions.has(label)) reading.definitions.set(label, node.url);
        break;
      }
      default:
        if ('children' in node) walk(node.children as Nodes[], ctx, part, reading, depth + 1);
    }
  }
}

function inner(ctx: Context, kind: ParagraphKind, prefix: string): Context {
  return ctx.kind === 'note' ? { ...ctx, prefix } : { kind, prefix };
}

function addBlock(
  children: PhrasingContent[],
  kind: BlockKind,
  ctx: Context,
  node: Nodes,
  part: ParsedPart,
  reading: MarkdownReading,
  level?: number,
  stanza?: number | null,
  table?: SourceBlock['table'],
): void {
  const first = children[0]?.position?.start.offset;
  const last = children[children.length - 1]?.position?.end.offset;
  const sink: InlineSink = { builder: new BlockBuilder(), syntax: [], targets: [], anchors: [] };
  addInlines(children, sink, { text: part.input, footnoteNumber: (id) => footnoteNumber(reading, id) }, 1);
  const built = sink.builder.finish();
  const anchors = [...reading.pending, ...sink.anchors];
  if (
    first === undefined ||
    last === undefined ||
    !(sink.builder.hasContent || built.inlines.some((t) => t.alt))
  ) {
    reading.pending = anchors;
    return;
  }
  if (kind === 'heading') anchors.unshift(reading.slugs.next(readableText(built.text, built.inlines)));
  reading.pending = [];
  push(reading, ctx, {
    kind,
    ...(level ? { level } : {}),
    ...built,
    syntax: sink.syntax,
    targets: sink.targets,
    start: part.start + first,
    end: part.start + last,
    after: part.start + (node.position?.end.offset ?? last),
    prefix: ctx.prefix,
    anchors: anchors.map(cleanAnchor),
    ...(stanza ? { stanza } : {}),
    ...(table ? { table } : {}),
  });
}

// Code is never translated: one placeholder holds it, FB2 and TXT show its `alt`, and the Markdown
// writer never touches its span.
function addCode(
  node: Nodes & { value: string },
  ctx: Context,
  part: ParsedPart,
  reading: MarkdownReading,
): void {
  const source = slice(node, part.input);
  const start = part.start + (node.position?.start.offset ?? 0);
  push(reading, ctx, {
    kind: 'preformatted',
    text: '<x1/>',
    inlines: [{ n: 1, kind: 'code', empty: true, tag: 'pre', raw: source, alt: node.value }],
    syntax: [{ source, keep: true }],
    targets: [],
    start,
    end: start + source.length,
    after: start + source.length,
    prefix: ctx.prefix,
    anchors: takePending(reading),
  });
}

function addHtml(
  node: Nodes & { value: string },
  ctx: Context,
  part: ParsedPart,
  reading: MarkdownReading,
): void {
  reading.html.update(node.value);
  reading.pending.push(...htmlIds(node.value));
  const sink: InlineSink = { builder: new BlockBuilder(), syntax: [], targets: [], anchors: [] };
  addHtmlText(node.value, sink.builder, sink.syntax);
  if (!sink.builder.hasContent) return;
  const start = part.start + (node.position?.start.offset ?? 0);
  const end = part.start + (node.position?.end.offset ?? 0);
  push(reading, ctx, {
    kind: ctx.kind,
    ...sink.builder.finish(),
    syntax: sink.syntax,
    targets: [],
    start,
    end,
    after: end,
    prefix: ctx.prefix,
    html: true,
    anchors: takePending(reading),
  });
}

function takePending(reading: MarkdownReading): string[] {
  const anchors = reading.pending.map(cleanAnchor);
  reading.pending = [];
  return anchors;
}

function push(reading: MarkdownReading, ctx: Context, block: Omit<SourceBlock, 'footnote'>): void {
  const target = ctx.footnote ? reading.notes : reading.body;
  target.push(ctx.footnote ? { ...block, footnote: ctx.footnote } : block);
  checkBlocks(reading.body.length + reading.notes.length);
}

function footnoteNumber(reading: MarkdownReading, id: string): number {
  let n = reading.footnoteNumbers.get(id);
  if (n === undefined) {
    n = reading.footnoteNumbers.size + 1;
    reading.footnoteNumbers.set(id, n);
  }
  return n;
}

// The containers' marks on the line up to `offset`, as a new line inside them starts: quote marks
// kept, list markers and footnote labels turned to spaces so the columns stay the same.
function linePrefix(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return text.slice(lineStart, offset).replace(/[^>\t ]/g, ' ');
}

// A list item's content starts after its marker (and a task list's checkbox, which is not content).
function itemPrefix(item: Nodes & { children: Nodes[] }, text: string): string {
  const start = item.position?.start.offset ?? 0;
  const first = item.children[0]?.position?.start.offset;
  const sameLine = first !== undefined && !text.slice(start, first).includes('\n');
  if (sameLine) {
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    return text
      .slice(lineStart, first)
      .replace(/\[[ xX]\][ \t]*$/, '')
      .replace(/[^>\t ]/g, ' ');
  }
  const marker = /^(?:\d{1,9}[.)]|[-+*])/.exec(text.slice(start, start + 10))?.[0] ?? '-';
  return `${linePrefix(text, start)}${' '.repeat(marker.length + 1)}`;
}
