/** A run of text lines that reads as one unit, with the blank lines that preceded it. */
export interface TextGroup {
  lines: string[];
  blankBefore: number;
  blankAfter: number;
}

const INDENT = /^(?:[ \t]{2,}|\u3000)/u;
const SENTENCE_END = /[.!?。！？」』”"')\]»]$/u;
// A paragraph this long with a sentence ending at a line end is cut there, so books wrapped without
// blank lines (old Gutenberg CJK texts) still give blocks a translator can handle.
const MAX_PARAGRAPH_CHARS = 1500;

/**
 * Splits normalised text into paragraphs: blank lines separate them; in books that mark paragraphs
 * by indentation instead (lib.ru texts), an indented line starts a new one.
 * @example splitTxtParagraphs('a\nb\n\nc').map((g) => g.lines) // [['a', 'b'], ['c']]
 */
export function splitTxtParagraphs(text: string): TextGroup[] {
  const lines = text.split('\n').map((line) => line.replace(/[ \t\u00a0\u3000]+$/u, ''));
  const byIndent = usesIndentation(lines);
  const groups: TextGroup[] = [];
  let current: TextGroup | null = null;
  let blanks = 0;
  let chars = 0;
  for (const line of lines) {
    if (line.trim() === '') {
      if (current) current.blankAfter++;
      current = null;
      blanks++;
      continue;
    }
    const startsNew =
      !current ||
      (byIndent && INDENT.test(line)) ||
      (chars > MAX_PARAGRAPH_CHARS && SENTENCE_END.test(current.lines[current.lines.length - 1] ?? ''));
    if (startsNew) {
      current = { lines: [], blankBefore: blanks, blankAfter: 0 };
      groups.push(current);
      blanks = 0;
      chars = 0;
    }
    current?.lines.push(line);
    chars += line.length;
  }
  return groups;
}

// Indentation marks paragraphs when blank lines are rare but many lines start indented.
function usesIndentation(lines: string[]): boolean {
  let blank = 0;
  let indented = 0;
  let text = 0;
  for (const line of lines) {
    if (line.trim() === '') blank++;
    else {
      text++;
      if (INDENT.test(line)) indented++;
    }
  }
  return text > 0 && indented > text * 0.05 && blank < indented * 0.5;
}

/**
 * True when a group's lines were broken on purpose (verse, lists, contents) rather than wrapped:
 * most lines end although the next line's first word would have fitted.
 */
export function isLineGroup(lines: string[], wrapWidth: number): boolean {
  if (lines.length < 2) return false;
  let deliberate = 0;
  for (let i = 0; i < lines.length - 1; i++) {
    const nextWord = (lines[i + 1] ?? '').trim().split(/\s/)[0] ?? '';
    if ((lines[i] ?? '').length + 1 + nextWord.length <= wrapWidth * 0.95) deliberate++;
  }
  return deliberate >= (lines.length - 1) * 0.6 || endsSentences(lines);
}

/** True when most lines end a sentence: one sentence or entry per line, not wrapped prose. */
export function endsSentences(lines: string[]): boolean {
  const ends = lines.filter((line) => SENTENCE_END.test(line.trim()) || /[।:;]$/u.test(line.trim())).length;
  return ends >= lines.length * 0.75;
}

/** The width prose was wrapped at: the 90th percentile of line lengths. */
export function wrapWidth(groups: TextGroup[]): number {
  const lengths: number[] = [];
  for (const group of groups) for (const line of group.lines) lengths.push(line.length);
  if (lengths.length === 0) return 0;
  lengths.sort((a, b) => a - b);
  return lengths[Math.floor(lengths.length * 0.9)] ?? 0;
}

/** Joins wrapped lines: a space between words, nothing between CJK characters. */
export function joinLines(lines: string[]): string {
  if (lines.length === 1) return (lines[0] as string).trim().replace(/[ \t]{2,}|\t/g, ' ');
  let out = '';
  for (const raw of lines) {
    const line = raw.trim();
    if (out === '') out = line;
    else if (isWide(out.charCodeAt(out.length - 1)) || isWide(line.charCodeAt(0))) out += line;
    else out += ` ${line}`;
  }
  return out.replace(/[ \t]{2,}|\t/g, ' ');
}

// CJK punctuation, kana, ideographs and full-width forms: scripts written without spaces.
function isWide(code: number): boolean {
  return (code >= 0x3000 && code <= 0x9fff) || (code >= 0xff00 && code <= 0xffef);
}
