import type { InlineKind, PassageSpan } from '@booktranslate/contract';
import { inlineKindWords } from '@booktranslate/contract/inline-kinds';
import { type PlaceholderProblem, placeholderProblem } from '@booktranslate/contract/placeholder-edit';
import { parsePlaceholders as tokenize } from '@booktranslate/contract/placeholder-grammar';
import { placeholderSpans } from '@booktranslate/contract/placeholder-spans';

/** What a placeholder number stands for in one block: a mark's kind and link, or a tag's label. */
export interface MarkerInfo {
  kind: InlineKind;
  href: string | null;
  label: string | null;
  /** True for `<xN/>` (an element without text), false for `<gN>…</gN>`. */
  tag: boolean;
}

/** Every placeholder number of a block, read from its spans (the original's, as the block has them). */
export function markersOf(spans: readonly PassageSpan[]): Map<number, MarkerInfo> {
  const found = new Map<number, MarkerInfo>();
  for (const span of spans) {
    for (const m of span.marks)
      if (!found.has(m.n)) found.set(m.n, { kind: m.kind, href: m.href, label: null, tag: false });
    if (span.type === 'tag') found.set(span.n, { kind: span.kind, href: null, label: span.label, tag: true });
  }
  return new Map([...found].sort(([a], [b]) => a - b));
}

/**
 * Placeholder text as spans, for the editor's preview (and mock mode's answers): `<gN>…</gN>` wraps
 * its text in the mark N, `<xN/>` is the element N. Numbers the block does not know become neutral
 * spans; an unclosed `<gN>` ends with the text.
 * @example parsePlaceholders('a <g1>b</g1>', markers) // text 'a ', then 'b' with the emphasis mark 1
 */
export function parsePlaceholders(text: string, markers: Map<number, MarkerInfo>): PassageSpan[] {
  return placeholderSpans(text, {
    mark: (n) => {
      const info = markers.get(n);
      return { n, kind: info && !info.tag ? info.kind : 'span', href: info?.href ?? null };
    },
    tag: (n) => {
      const info = markers.get(n);
      return { kind: info?.tag ? info.kind : 'other', label: info?.label ?? null };
    },
  });
}

/** The placeholders a text must keep (every marker of the block) that it lacks, for the editor's hint. */
export function missingMarkers(text: string, markers: Map<number, MarkerInfo>): string[] {
  // Each placeholder of the text written back as the grammar read it ("<g1>", "</g1>", "<x2/>").
  const present = new Set(
    tokenize(text).map((t) =>
      t.type === 'open'
        ? `<g${t.n}>`
        : t.type === 'close'
          ? `</g${t.n}>`
          : t.type === 'empty'
            ? `<x${t.n}/>`
            : '',
    ),
  );
  const missing: string[] = [];
  for (const [n, info] of markers) {
    const needed = info.tag ? [`<x${n}/>`] : [`<g${n}>`, `</g${n}>`];
    for (const marker of needed) if (!present.has(marker)) missing.push(marker);
  }
  return missing;
}

/**
 * Why the server would refuse `text` as the block's translation, or null: the contract's one edit
 * check, run on the block's markers (the editor's live hint, the component tests' fake, mock mode).
 * @example editProblem('<g1>a</g1> <g1>b</g1>', markers)?.details.problem // 'g1 appears twice'
 */
export function editProblem(text: string, markers: Map<number, MarkerInfo>): PlaceholderProblem | null {
  return placeholderProblem(markerText(markers), text, (n) => markers.get(n)?.kind);
}

/** The block's markers as placeholder text (`<g1></g1><x2/>`): what an edit must carry, each once. */
function markerText(markers: Map<number, MarkerInfo>): string {
  return [...markers].map(([n, info]) => (info.tag ? `<x${n}/>` : `<g${n}></g${n}>`)).join('');
}

/** The marker in words, for the editor's legend: "<g1>…</g1> emphasis". */
export function describeMarker(n: number, info: MarkerInfo): { marker: string; meaning: string } {
  const words = inlineKindWords[info.kind];
  const meaning = info.href ? `${words} to ${info.href}` : info.label ? `${words} “${info.label}”` : words;
  return { marker: info.tag ? `<x${n}/>` : `<g${n}>…</g${n}>`, meaning };
}
