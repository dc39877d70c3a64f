import { textContent } from '../xml-query';
import { child, val } from './docx-xml';
import type { SourceParagraph } from './walk-docx-body';

// A text file wrapped at a fixed width and saved as DOCX has one paragraph per line: past this
// many paragraphs, lines of at most this width, mostly full, are taken as wrapped prose.
const MIN_PARAGRAPHS = 50;
const WIDTH = { min: 40, max: 100 };
const FULL = 0.75;

/**
 * Joins the lines of prose that was wrapped at a fixed width (a plain-text book saved as DOCX):
 * a full line goes on in the next paragraph when that one has the same style, no formatting and
 * no indentation of its own (an indented line starts a new paragraph). The first line keeps the
 * joined text and lists the others as `continuations`, which the writer removes, so a translator
 * sees sentences rather than the pieces of them on each line. Documents of real paragraphs are
 * returned as they are.
 * @example joinWrappedLines(paragraphs).length // 1518 for 3728 lines of a wrapped book
 */
export function joinWrappedLines(paragraphs: SourceParagraph[]): SourceParagraph[] {
  const lines = paragraphs.filter(isPlainLine);
  if (lines.length < MIN_PARAGRAPHS) return paragraphs;
  const lengths = lines.map((p) => p.walked.built.text.length).sort((a, b) => a - b);
  const width = lengths[Math.floor(lengths.length * 0.9)] ?? 0;
  if (width < WIDTH.min || width > WIDTH.max) return paragraphs;
  if (lengths.filter((length) => length >= width * FULL).length < lines.length / 2) return paragraphs;
  const out: SourceParagraph[] = [];
  let open: { first: SourceParagraph; texts: string[]; rest: SourceParagraph[] } | null = null;
  const flush = () => {
    if (!open) return;
    const { first, texts, rest } = open;
    const text = texts.join(' ');
    out.push(
      rest.length === 0
        ? first
        : { ...first, walked: { ...first.walked, built: { text, inlines: [] } }, continuations: rest },
    );
    open = null;
  };
  for (const p of paragraphs) {
    const last: string | undefined = open ? open.texts[open.texts.length - 1] : undefined;
    if (
      open &&
      last !== undefined &&
      isPlainLine(p) &&
      // A bookmark inside would go with the line the writer removes.
      p.anchors.length === 0 &&
      last.length >= width * FULL &&
      styleOf(p) === styleOf(open.first) &&
      !indented(p)
    ) {
      open.texts.push(p.walked.built.text);
      open.rest.push(p);
      continue;
    }
    flush();
    if (isPlainLine(p)) open = { first: p, texts: [p.walked.built.text], rest: [] };
    else out.push(p);
  }
  flush();
  return out;
}

function isPlainLine(p: SourceParagraph): boolean {
  const { walked } = p;
  return (
    p.kind === 'paragraph' &&
    walked.hasContent &&
    walked.built.inlines.length === 0 &&
    !walked.hasField &&
    walked.textboxes.length === 0
  );
}

function styleOf(p: SourceParagraph): string | undefined {
  const pPr = child(p.p, 'pPr');
  return pPr && val(child(pPr, 'pStyle'));
}

// Indentation typed as spaces or a tab, as a text file marks its paragraphs.
function indented(p: SourceParagraph): boolean {
  const first = p.walked.items.find((item) => item.type === 'slot');
  return first?.type === 'slot' && /^(\s{2,}|\t)/.test(textContent(first.slot.el));
}
