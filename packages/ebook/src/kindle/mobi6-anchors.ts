import { EbookError } from '../errors';

const FILEPOS = /<[^<>]+?\sfilepos\s*=\s*["']?(\d+)/gi;
const PAGEBREAK = /^<\s*mbp:pagebreak[^<>]*>/i;
const WRAPPERS = /^<\s*\/?\s*(html|head|body|guide|mbp:[\w-]+)\b/i;
const MAX_TARGETS = 100_000;

/** The MOBI 6 text with an id at every position a link or the TOC points to. */
export interface AnchoredText {
  text: string;
  /** Link target position (a byte offset of the original text) -> the id now standing there. */
  anchors: Map<number, string>;
}

/**
 * MOBI 6 links say `filepos=NNN`, a byte offset into the text. This puts an id where each points
 * (and where `extra` positions point: TOC entries): on the element that starts there (its own id if
 * it has one), past end tags and page breaks, else an empty `<a id>` in the text. Works on the text
 * as latin1, one character per byte, so offsets stay byte offsets.
 * @example anchorFilepos('<p>a</p><p>b</p>', []).anchors.get(8) // 'filepos8'
 */
export function anchorFilepos(raw: string, extra: number[]): AnchoredText {
  const targets = new Set(extra);
  for (const match of raw.matchAll(FILEPOS)) {
    targets.add(Number(match[1]));
    if (targets.size > MAX_TARGETS)
      throw new EbookError('too-complex', 'The book has more than 100,000 link targets');
  }
  const anchors = new Map<number, string>();
  const edits = new Map<number, string>();
  const tagIds = new Map<number, string>();
  for (const target of [...targets].sort((a, b) => a - b)) {
    if (!(target > 0 && target < raw.length)) continue;
    const at = settle(raw, target);
    const id = `filepos${target}`;
    if (raw[at] === '<' && /[a-zA-Z]/.test(raw[at + 1] ?? '')) {
      const known = tagIds.get(at);
      if (known) {
        anchors.set(target, known);
        continue;
      }
      const end = raw.indexOf('>', at);
      const tag = raw.slice(at, end < 0 ? raw.length : end);
      const own = /\sid\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1];
      if (own) tagIds.set(at, own);
      else {
        const nameEnd = at + 1 + (/^[\w:.-]+/.exec(tag.slice(1))?.[0].length ?? 0);
        edits.set(nameEnd, `${edits.get(nameEnd) ?? ''} id="${id}"`);
        tagIds.set(at, id);
      }
      anchors.set(target, own ?? id);
    } else {
      edits.set(at, `${edits.get(at) ?? ''}<a id="${id}"></a>`);
      anchors.set(target, id);
    }
  }
  const parts: string[] = [];
  let last = 0;
  for (const at of [...edits.keys()].sort((a, b) => a - b)) {
    parts.push(raw.slice(last, at), edits.get(at) as string);
    last = at;
  }
  parts.push(raw.slice(last));
  return { text: parts.join(''), anchors };
}

// Where a target really starts: at the start of a tag it points into, past blanks, end tags, page breaks and
// the document's wrappers, so the id lands on the first element of what follows.
function settle(raw: string, target: number): number {
  let at = target;
  // Only a tag's length back: a crafted file's thousands of targets never each scan the whole text.
  const from = Math.max(0, at - 4096);
  const before = raw.slice(from, at + 1);
  const open = before.lastIndexOf('<');
  const close = before.lastIndexOf('>', before.length - 2);
  // Inside a start tag: that element; inside an end tag: what follows it.
  if (open > close) at = before[open + 1] === '/' ? raw.indexOf('>', at) + 1 || raw.length : from + open;
  for (let steps = 0; steps < 64 && at < raw.length; steps++) {
    while (at < raw.length && /\s/.test(raw[at] as string)) at++;
    const rest = raw.slice(at, at + 64);
    if (!(rest.startsWith('</') || PAGEBREAK.test(rest) || WRAPPERS.test(rest))) break;
    const end = raw.indexOf('>', at);
    if (end < 0) break;
    at = end + 1;
  }
  return at;
}
