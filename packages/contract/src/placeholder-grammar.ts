// The placeholder grammar every side reads (server, web editor, web fakes): `<gN>…</gN>` (paired)
// and `<xN/>` (standalone), N of one to six digits; any other '<' is a literal character. No zod
// here, so the web app imports this file on its own (`@booktranslate/contract/placeholder-grammar`).
// packages/ebook keeps a copy (it imports no workspace package); a test there proves they agree.

export type PlaceholderToken =
  | { type: 'text'; value: string }
  | { type: 'open'; n: number }
  | { type: 'close'; n: number }
  | { type: 'empty'; n: number };

const PLACEHOLDER = /<(\/?)([gx])(\d{1,6})(\/?)>/g;

/**
 * Splits placeholder text into text runs and placeholders.
 * @example parsePlaceholders('a <g1>b</g1><x2/>') // text 'a ', open 1, text 'b', close 1, empty 2
 */
export function parsePlaceholders(text: string): PlaceholderToken[] {
  const tokens: PlaceholderToken[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    const [whole, slash, letter, digits, selfClose] = m;
    const n = Number(digits);
    let token: PlaceholderToken | null = null;
    if (letter === 'g' && !selfClose) token = slash ? { type: 'close', n } : { type: 'open', n };
    else if (letter === 'x' && !slash && selfClose) token = { type: 'empty', n };
    if (!token) continue; // "<g1/>" or "</x1>": not a placeholder, stays prose
    if (m.index > last) tokens.push({ type: 'text', value: text.slice(last, m.index) });
    tokens.push(token);
    last = m.index + whole.length;
  }
  if (last < text.length) tokens.push({ type: 'text', value: text.slice(last) });
  return tokens;
}

/**
 * The placeholders a text carries, by name ('g1', 'x3'), in number order: order-independent, since
 * translations move words around.
 * @example placeholderSignature('<x3/> <g1>a <g2>b</g2></g1>') // 'g1 g2 x3'
 */
export function placeholderSignature(text: string): string {
  const names: string[] = [];
  for (const token of parsePlaceholders(text)) {
    if (token.type === 'open') names.push(`g${token.n}`);
    else if (token.type === 'empty') names.push(`x${token.n}`);
  }
  return names.sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)) || a.localeCompare(b)).join(' ');
}

export type PlaceholderCheck = { ok: true } | { ok: false; problem: string };

/**
 * Checks that `translated` carries exactly the placeholders of `source`, each once, balanced and
 * properly nested. Order may differ.
 * @example checkPlaceholders('<g1>a</g1>', '<g1>b</g1> <g1>c</g1>') // { ok: false, problem: 'g1 appears twice' }
 */
export function checkPlaceholders(source: string, translated: string): PlaceholderCheck {
  const stack: number[] = [];
  const seen = new Set<string>();
  for (const token of parsePlaceholders(translated)) {
    if (token.type === 'text') continue;
    const name = `${token.type === 'empty' ? 'x' : 'g'}${token.n}`;
    if (token.type === 'close') {
      const top = stack.pop();
      if (top !== token.n)
        return { ok: false, problem: `</g${token.n}> closes ${top === undefined ? 'nothing' : `<g${top}>`}` };
      continue;
    }
    if (seen.has(name)) return { ok: false, problem: `${name} appears twice` };
    seen.add(name);
    if (token.type === 'open') stack.push(token.n);
  }
  if (stack.length > 0) return { ok: false, problem: `<g${stack[stack.length - 1]}> is never closed` };
  const expected = placeholderSignature(source);
  const actual = placeholderSignature(translated);
  if (expected !== actual)
    return { ok: false, problem: `placeholders differ: expected "${expected}", got "${actual}"` };
  return { ok: true };
}
