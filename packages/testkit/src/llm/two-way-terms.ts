import type { PlannedReply } from './planned-reply';
import { reverseWords } from './reverse-words';

/**
 * The fake's inconsistent renderings: in a block whose source text hashes odd, each of `terms` comes
 * out with the first two letters of its reversed form swapped ("araM" -> "raaM"); other blocks keep
 * the usual reversed form. Deterministic per block, so asking again gives the same answer.
 * @example applyTwoWayTerms(plan, { '1': 'Mara smiled.' }, ['Mara'])
 */
export function applyTwoWayTerms(
  plan: PlannedReply,
  sources: Record<string, string>,
  terms: string[] | undefined,
): PlannedReply {
  if (plan.kind !== 'blocks' || !terms?.length) return plan;
  const blocks = { ...plan.blocks };
  for (const [key, source] of Object.entries(sources)) {
    if (hash(source) % 2 === 0 || blocks[key] === undefined) continue;
    for (const term of terms) {
      const usual = reverseWords(term);
      const other = usual.length > 1 ? `${usual[1]}${usual[0]}${usual.slice(2)}` : usual;
      blocks[key] = (blocks[key] as string).split(usual).join(other);
    }
  }
  return { kind: 'blocks', blocks };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
