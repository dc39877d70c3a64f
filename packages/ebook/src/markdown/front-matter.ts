/** YAML front matter at the top of a Markdown file: where it ends and the fields the book uses. */
export interface FrontMatter {
  /** Offset just past the closing `---` line. */
  end: number;
  title?: string;
  authors: string[];
  language?: string;
  /** Where each scalar field's value is, so the writer can replace the title and language. */
  values: Map<string, { start: number; end: number }>;
}

const OPEN = /^---[ \t]*\r?\n/;
const CLOSE = /^(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/m;
const FIELD = /^([A-Za-z][\w-]*)[ \t]*:[ \t]*(.*?)[ \t]*\r?$/gm;
// Front matter is a few lines of metadata; a "---" thousands of lines down is a thematic break.
const MAX_FRONT_MATTER = 16 * 1024;

/**
 * Reads the front matter a Markdown file starts with (title, author or authors, lang or language),
 * as plain `key: value` lines and `- item` lists; anything else in it is kept but not read.
 * @example readFrontMatter('---\ntitle: Emma\nauthor: Jane Austen\n---\n# I')?.title // 'Emma'
 */
export function readFrontMatter(text: string): FrontMatter | null {
  const open = OPEN.exec(text);
  if (!open) return null;
  const rest = text.slice(open[0].length, open[0].length + MAX_FRONT_MATTER);
  const close = CLOSE.exec(rest);
  if (!close) return null;
  const body = rest.slice(0, close.index);
  const base = open[0].length;
  const out: FrontMatter = { end: base + close.index + close[0].length, authors: [], values: new Map() };
  FIELD.lastIndex = 0;
  for (let m = FIELD.exec(body); m; m = FIELD.exec(body)) {
    const key = (m[1] as string).toLowerCase();
    const raw = m[2] as string;
    const valueStart = base + m.index + m[0].indexOf(raw, (m[1] as string).length);
    if (raw) out.values.set(key, { start: valueStart, end: valueStart + raw.length });
    const value = unquote(raw);
    if (key === 'title' && value) out.title = value;
    else if ((key === 'lang' || key === 'language') && /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$/.test(value))
      out.language = value.replace('_', '-');
    else if (key === 'author' || key === 'authors') out.authors.push(...authorsOf(value, body, m));
  }
  return out;
}

/** A YAML scalar for a `key: value` line: double-quoted, with `"` and `\` escaped. */
export function yamlScalar(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, ' ')}"`;
}

function unquote(value: string): string {
  const quoted = /^"((?:[^"\\]|\\.)*)"$|^'((?:[^']|'')*)'$/.exec(value);
  if (quoted?.[1] !== undefined) return quoted[1].replace(/\\(.)/g, '$1');
  if (quoted?.[2] !== undefined) return quoted[2].replace(/''/g, "'");
  return value.replace(/[ \t]+#.*$/, '');
}

// `author: Name`, `author: [A, B]`, or a list of `- Name` lines under the key.
function authorsOf(value: string, body: string, match: RegExpExecArray): string[] {
  if (value.startsWith('[') && value.endsWith(']'))
    return value
      .slice(1, -1)
      .split(',')
      .map((name) => unquote(name.trim()))
      .filter(Boolean);
  if (value) return [value];
  const after = body.slice(match.index + match[0].length).split('\n');
  const names: string[] = [];
  for (const line of after.slice(1)) {
    const item = /^[ \t]*-[ \t]+(.+?)[ \t]*\r?$/.exec(line);
    if (!item) break;
    names.push(unquote(item[1] as string));
  }
  return names.filter(Boolean);
}
