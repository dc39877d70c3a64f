import { definitionLabel, scanMarkdown } from './scan-markdown';

/** A piece of the document parsed on its own, and the text handed to the parser for it. */
export interface MarkdownPart {
  /** Offset of the piece in the document. */
  start: number;
  /** Length of the piece; what the parser gets after it (definitions it refers to) is not the piece. */
  length: number;
  /** The piece followed by stand-ins for the definitions it uses from elsewhere in the document. */
  input: string;
}

// Parsed whole, a 900 KB novel takes 90 MB of syntax tree and a 2 MB one more than the sandbox has:
// pieces of this size keep the tree small, and each is dropped before the next is parsed.
const PART_CHARS = 64 * 1024;
// A piece without a blank line to end at (one paragraph of a whole book) is cut at a line past this.
const HARD_PART_CHARS = PART_CHARS + PART_CHARS / 2;
const BRACKETS = /\[((?:[^\][\\]|\\.){1,999})\]/g;

/**
 * Cuts a Markdown document into pieces the parser reads one at a time: at a blank line followed by a
 * line that starts a new top-level block (never inside fenced code or raw HTML), so every piece
 * parses as it does in the whole document. Link references and footnotes only parse when their
 * definition is in the same text, so each piece gets stand-ins for those it uses.
 * @example splitMarkdown(text).map((part) => fromMarkdown(part.input))
 */
export function splitMarkdown(text: string): MarkdownPart[] {
  const cuts: number[] = [0];
  const defined = new Set<string>();
  let previousBlank = false;
  let previousVerbatim = false;
  for (const { start, line, blank, verbatim } of scanMarkdown(text)) {
    const size = start - (cuts[cuts.length - 1] as number);
    const topLevel = !blank && !verbatim && !previousVerbatim && !/^[ \t]/.test(line);
    if (topLevel && ((previousBlank && size >= PART_CHARS) || size >= HARD_PART_CHARS)) cuts.push(start);
    if (!verbatim) {
      const label = definitionLabel(line);
      if (label) defined.add(normaliseLabel(label));
    }
    previousBlank = blank;
    previousVerbatim = verbatim;
  }
  cuts.push(text.length);
  const parts: MarkdownPart[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const start = cuts[i] as number;
    const piece = text.slice(start, cuts[i + 1]);
    parts.push({ start, length: piece.length, input: piece + standIns(piece, defined) });
  }
  return parts;
}

/** A link label as Markdown compares them: white space collapsed, case folded. */
export function normaliseLabel(label: string): string {
  return label
    .replace(/[\t\n\r ]+/g, ' ')
    .trim()
    .toLowerCase()
    .toUpperCase();
}

// Definitions of the labels the piece uses that the document defines; their targets are read from
// the real definitions, so a stand-in only has to make the parser see a reference.
function standIns(piece: string, defined: Set<string>): string {
  if (defined.size === 0) return '';
  const wanted = new Map<string, string>();
  BRACKETS.lastIndex = 0;
  for (let m = BRACKETS.exec(piece); m; m = BRACKETS.exec(piece)) {
    const label = m[1] as string;
    const key = normaliseLabel(label);
    if (defined.has(key) && !wanted.has(key) && !/\n\s*\n/.test(label)) wanted.set(key, label);
  }
  let out = '';
  for (const label of wanted.values())
    out += label.startsWith('^') ? `\n\n[${label}]: x\n` : `\n\n[${label}]: #\n`;
  return out;
}
