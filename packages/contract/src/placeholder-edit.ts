import { type InlineKindName, inlineKindWords } from './inline-kinds';
import { checkPlaceholders, placeholderSignature } from './placeholder-grammar';

/** Why an edit is refused: the 400's message and `details`. */
export interface PlaceholderProblem {
  message: string;
  details: { field: 'target'; missing: string[]; unexpected: string[]; problem: string };
}

/**
 * The one edit check ("this edit keeps the original's placeholders"), for the server's passages
 * module, the web editor and the web fakes: null when `target` keeps exactly the placeholders of
 * `source`, each once and well nested; else a message naming, in words, what to put back or take
 * out. `kindOf(n)` says what placeholder N stands for. No zod here
 * (`@booktranslate/contract/placeholder-edit`).
 * @example placeholderProblem('<g1>a</g1>', 'b', () => 'emphasis')?.message // 'Keep the markers of the original: <g1>…</g1> (emphasis)'
 */
export function placeholderProblem(
  source: string,
  target: string,
  kindOf: (n: number) => InlineKindName | undefined,
): PlaceholderProblem | null {
  const check = checkPlaceholders(source, target);
  if (check.ok) return null;
  const want = names(source);
  const have = names(target);
  const missing = want.filter((n) => !have.includes(n));
  const unexpected = have.filter((n) => !want.includes(n));
  const describe = (name: string) =>
    `${marker(name)} (${inlineKindWords[kindOf(Number(name.slice(1))) ?? 'other']})`;
  const sentences: string[] = [];
  if (missing.length) sentences.push(`Keep the markers of the original: ${missing.map(describe).join(', ')}`);
  if (unexpected.length)
    sentences.push(`Remove markers the original does not have: ${unexpected.map(marker).join(', ')}`);
  if (!sentences.length)
    sentences.push(`Each marker of the original once, opened and closed in order (${check.problem})`);
  return {
    message: sentences.join('. '),
    details: {
      field: 'target',
      missing: missing.map(marker),
      unexpected: unexpected.map(marker),
      problem: check.problem,
    },
  };
}

function names(text: string): string[] {
  return placeholderSignature(text).split(' ').filter(Boolean);
}

function marker(name: string): string {
  return name.startsWith('g') ? `<${name}>…</${name}>` : `<${name}/>`;
}
