import { inlineKindWords } from '@booktranslate/contract';
import { checkPlaceholders, placeholderSignature } from '@booktranslate/ebook';
import type { ReaderInline } from './reader-book';

export interface PlaceholderProblem {
  message: string;
  details: { field: 'target'; missing: string[]; unexpected: string[]; problem: string };
}

/**
 * Null when an edit keeps exactly the placeholders of the source block, each once and well nested;
 * else a message naming, in words, what to put back or take out.
 * @example placeholderProblem('<g1>a</g1>', 'b', inlines)?.message // 'Keep the markers of the original: <g1>…</g1> (emphasis)'
 */
export function placeholderProblem(
  source: string,
  target: string,
  inlines: Map<number, ReaderInline>,
): PlaceholderProblem | null {
  const check = checkPlaceholders(source, target);
  if (check.ok) return null;
  const want = names(source);
  const have = names(target);
  const missing = want.filter((n) => !have.includes(n));
  const unexpected = have.filter((n) => !want.includes(n));
  const sentences: string[] = [];
  if (missing.length) sentences.push(`Keep the markers of the original: ${missing.map(describe).join(', ')}`);
  if (unexpected.length)
    sentences.push(
      `Remove markers the original does not have: ${unexpected.map((n) => marker(n)).join(', ')}`,
    );
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

  function describe(name: string): string {
    const kind = inlines.get(Number(name.slice(1)))?.kind ?? 'other';
    return `${marker(name)} (${inlineKindWords[kind]})`;
  }
}

function names(text: string): string[] {
  return placeholderSignature(text).split(' ').filter(Boolean);
}

function marker(name: string): string {
  return name.startsWith('g') ? `<${name}>…</${name}>` : `<${name}/>`;
}
