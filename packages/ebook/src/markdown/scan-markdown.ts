import { EbookError } from '../errors';

/**
 * Containers (quotes, list items) one line may open. Real documents nest a handful; the parser
 * recurses once per level and ran out of stack at a few thousand, so deeper files are refused.
 */
export const MAX_MARKDOWN_NESTING = 100;

/**
 * Emphasis delimiter runs (`*`, `_`, `~`) in one paragraph. The parser pairs them in quadratic time:
 * 1,000 take a tenth of a second, 8,000 half a minute. A paragraph of prose has a few dozen.
 */
export const MAX_DELIMITER_RUNS = 1000;

// HTML blocks that run past blank lines (CommonMark kinds 1 to 5): their start and what ends them.
const RAW_HTML: [RegExp, RegExp][] = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:[\s>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const DEFINITION = /^[ \t>]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+)*\[((?:[^\][\\]|\\.){1,999})\]:/;
const DELIMITERS = /[*_~]+/g;

/** One line of the document with what the scanner knows of it. */
export interface ScannedLine {
  start: number;
  line: string;
  blank: boolean;
  /** Inside a fenced code block or a raw HTML block that blank lines do not end. */
  verbatim: boolean;
}

/**
 * Walks the lines of a Markdown document, knowing which are inside fenced code or raw HTML, and
 * refuses lines nested deeper or paragraphs with more emphasis marks than any real document has.
 * @example for (const line of scanMarkdown('# Title\n\ntext')) if (line.blank) ...
 */
export function* scanMarkdown(text: string): Generator<ScannedLine> {
  let fence: { char: string; length: number } | null = null;
  let rawEnd: RegExp | null = null;
  let runs = 0;
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline + 1;
    const line = text.slice(start, newline < 0 ? text.length : newline).replace(/\r$/, '');
    const blank = !/[^ \t]/.test(line);
    let verbatim = fence !== null || rawEnd !== null;
    if (fence) {
      const close = FENCE.exec(line);
      if (close?.[1]?.startsWith(fence.char) && close[1].length >= fence.length && !/[^ \t`~]/.test(line))
        fence = null;
    } else if (rawEnd) {
      if (rawEnd.test(line)) rawEnd = null;
    } else {
      checkNesting(line);
      runs = blank || startsInlineContent(line) ? 0 : runs;
      runs += line.match(DELIMITERS)?.length ?? 0;
      if (runs > MAX_DELIMITER_RUNS)
        throw new EbookError(
          'too-complex',
          `A paragraph of the Markdown file has more than ${MAX_DELIMITER_RUNS} emphasis marks`,
        );
      const opened = FENCE.exec(line);
      if (opened?.[1] && !(opened[1].startsWith('`') && line.slice(opened[0].length).includes('`'))) {
        fence = { char: opened[1].charAt(0), length: opened[1].length };
        verbatim = true;
      } else {
        for (const [begin, finish] of RAW_HTML) {
          const match = begin.exec(line);
          if (!match) continue;
          if (!finish.test(line.slice(match[0].length))) rawEnd = finish;
          verbatim = true;
          break;
        }
      }
    }
    yield { start, line, blank, verbatim };
    start = end;
  }
}

/** The label of a link or footnote definition that starts this line, or null. */
export function definitionLabel(line: string): string | null {
  return DEFINITION.exec(line)?.[1] ?? null;
}

// Each list item, heading and table row is inline content of its own: its delimiters are paired apart.
function startsInlineContent(line: string): boolean {
  return /^[ \t>]*(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)|^[ \t>]*#|\|/.test(line);
}

// Markers of quotes and list items at the start of a line, and the indentation before them (a list
// nested by indentation needs two columns a level).
function checkNesting(line: string): void {
  let depth = 0;
  let indent = 0;
  let i = 0;
  while (i < line.length) {
    const c = line.charCodeAt(i);
    if (c === 32 || c === 9) {
      if (depth === 0) indent += c === 9 ? 4 : 1;
      i++;
      continue;
    }
    if (c === 62 /* > */) {
      depth++;
      i++;
      continue;
    }
    const marker = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/.exec(line.slice(i, i + 11));
    if (!marker) break;
    depth++;
    i += marker[0].length;
  }
  if (depth > 0) depth += Math.ceil(indent / 2);
  if (depth > MAX_MARKDOWN_NESTING)
    throw new EbookError(
      'too-complex',
      `The Markdown file nests quotes or lists more than ${MAX_MARKDOWN_NESTING} deep`,
    );
}
