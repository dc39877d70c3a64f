import type { Nodes, PhrasingContent } from 'mdast';
import type { BlockBuilder, InlineInput } from '../build-block';
import { checkDepth } from '../structure-limits';
import { htmlIds } from './markdown-html';
import type { InlineSyntax, InlineTarget } from './markdown-source';
import { normaliseLabel } from './split-markdown';

/** What the inline walker writes into, for one block. */
export interface InlineSink {
  builder: BlockBuilder;
  syntax: InlineSyntax[];
  targets: (InlineTarget | undefined)[];
  /** Ids of inline HTML elements: link targets that land on this block. */
  anchors: string[];
}

/** The parsed text the nodes' offsets point into, and the document-wide footnote numbering. */
export interface InlineSource {
  text: string;
  footnoteNumber(id: string): number;
}

const EMPHASIS = {
  emphasis: ['emphasis', 'em'],
  strong: ['strong', 'strong'],
  delete: ['strikethrough', 's'],
} as const;

/**
 * Adds Markdown inline content to a block: text as text, emphasis and links as paired placeholders
 * with the syntax around them, code, images, HTML and note references as placeholders whose source
 * is written back unchanged.
 */
export function addInlines(
  nodes: PhrasingContent[],
  sink: InlineSink,
  source: InlineSource,
  depth: number,
): void {
  checkDepth(depth);
  for (const node of nodes) addInline(node, sink, source, depth);
}

function addInline(node: PhrasingContent, sink: InlineSink, source: InlineSource, depth: number): void {
  const { builder } = sink;
  const text = slice(node, source.text);
  const pair = (tag: InlineInput, syntax: Omit<InlineSyntax, 'source'>, target?: InlineTarget) => {
    const n = builder.open(tag);
    sink.syntax[n - 1] = { source: text, ...syntax };
    sink.targets[n - 1] = target;
    return n;
  };
  const empty = (tag: InlineInput, syntax: Omit<InlineSyntax, 'source'> = { keep: true }) => {
    const n = builder.empty(tag);
    sink.syntax[n - 1] = { source: text, ...syntax };
  };
  switch (node.type) {
    case 'text':
      builder.text(node.value);
      return;
    case 'emphasis':
    case 'strong':
    case 'delete': {
      const [kind, tag] = EMPHASIS[node.type];
      const n = pair({ kind, tag }, around(node, source.text));
      addInlines(node.children, sink, source, depth + 1);
      builder.close(n);
      return;
    }
    case 'link': {
      // An autolink (<https://…> or a bare www.…) is its own text: written back as it was.
      const auto = !text.startsWith('[');
      const n = pair({ kind: 'link', tag: 'a' }, auto ? { keep: true } : around(node, source.text), {
        type: 'url',
        url: node.url,
      });
      addInlines(node.children, sink, source, depth + 1);
      builder.close(n);
      return;
    }
    case 'linkReference': {
      const syntax = around(node, source.text);
      // A collapsed or shortcut reference is matched by its text: a translated text needs the label.
      if (node.referenceType !== 'full' && syntax.open !== undefined)
        syntax.close = `][${text.slice(syntax.open.length, text.length - (syntax.close?.length ?? 0))}]`;
      const n = pair({ kind: 'link', tag: 'a' }, syntax, {
        type: 'definition',
        id: normaliseLabel(node.label ?? node.identifier),
      });
      addInlines(node.children, sink, source, depth + 1);
      builder.close(n);
      return;
    }
    case 'image':
      empty({ kind: 'image', tag: 'img', attrs: { alt: node.alt ?? '' }, href: node.url, raw: text });
      return;
    case 'imageReference': {
      const n = builder.empty({ kind: 'image', tag: 'img', attrs: { alt: node.alt ?? '' }, raw: text });
      sink.syntax[n - 1] = { source: text, keep: true };
      sink.targets[n - 1] = { type: 'definition', id: normaliseLabel(node.label ?? node.identifier) };
      return;
    }
    case 'inlineCode':
      // Never translated: the code is a placeholder; FB2 and TXT show its `alt`.
      empty({ kind: 'code', tag: 'code', raw: text, alt: node.value });
      return;
    case 'break':
      empty({ kind: 'linebreak', tag: 'br' }, { lineEnd: text.replace(/\r?\n$/, '') });
      return;
    case 'footnoteReference': {
      const n = pair(
        { kind: 'noteref', tag: 'a' },
        { keep: true },
        {
          type: 'footnote',
          id: normaliseLabel(node.label ?? node.identifier),
        },
      );
      builder.text(String(source.footnoteNumber(normaliseLabel(node.label ?? node.identifier))));
      builder.close(n);
      return;
    }
    case 'html':
      sink.anchors.push(...htmlIds(node.value));
      empty({ kind: /^<br\s*\/?>$/i.test(node.value.trim()) ? 'linebreak' : 'other', raw: text });
      return;
    default: {
      // Phrasing kinds an extension may add: their text is kept, their markup not.
      const other = node as Nodes;
      if ('children' in other) addInlines(other.children as PhrasingContent[], sink, source, depth + 1);
    }
  }
}

/** The source text of a node. */
export function slice(node: Nodes, text: string): string {
  return text.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0);
}

// What is written before and after the children: `**` and `**`, `[` and `](url "title")`.
function around(node: Nodes & { children: Nodes[] }, text: string): Omit<InlineSyntax, 'source'> {
  const start = node.position?.start.offset ?? 0;
  const end = node.position?.end.offset ?? 0;
  const first = node.children[0]?.position?.start.offset;
  const last = node.children[node.children.length - 1]?.position?.end.offset;
  if (first === undefined || last === undefined) return { keep: true };
  return { open: text.slice(start, first), close: text.slice(last, end) };
}
