import { placeholderProblem as editProblem, type PlaceholderProblem } from '@booktranslate/contract';
import type { ReaderInline } from './reader-book';

/**
 * Null when an edit keeps exactly the placeholders of the source block; else the refusal, by the
 * contract's one edit check (the web editor and its fakes run the same).
 * @example placeholderProblem('<g1>a</g1>', 'b', inlines)?.message // 'Keep the markers of the original: <g1>…</g1> (emphasis)'
 */
export function placeholderProblem(
  source: string,
  target: string,
  inlines: Map<number, ReaderInline>,
): PlaceholderProblem | null {
  return editProblem(source, target, (n) => inlines.get(n)?.kind);
}
