import type { BookBrief } from '../brief';
import { checkReply } from '../check-reply';
import type { Engine } from '../engine';
import { isFatalError } from '../errors';
import { glossaryFor } from '../glossary-matcher';
import { keepEdges } from '../keep-edges';
import { ProviderLimiter } from '../provider-limiter';
import type { Usage } from '../usage';
import { leftoverChatter, untranslatedReason } from './block-findings';
import type { QaBlock } from './glossary-compliance';
import type { QaReport } from './qa-report';

export interface RefineContext {
  engine: Engine;
  from: string;
  to: string;
  brief?: BookBrief;
  limiter?: ProviderLimiter;
  stillInSource?: (text: string) => boolean;
  usage: Usage;
  /** At most this many blocks are asked again (default: a tenth of the book, at least 20). */
  maxBlocks?: number;
  signal?: AbortSignal;
}

/**
 * Translates each flagged block once more with its finding stated to the model (translate, find
 * errors, refine): the new text replaces the old only when it passes the reply checks and no longer
 * shows the finding. Never the whole book twice: at most `maxBlocks` blocks, in reading order.
 * Returns the new texts and what was tried.
 */
export async function refineFlagged(
  blocks: QaBlock[],
  findings: Map<string, string>,
  ctx: RefineContext,
): Promise<{ texts: Map<string, string>; refined: QaReport['refined'] }> {
  const texts = new Map<string, string>();
  const refined: QaReport['refined'] = [];
  if (!ctx.engine.understandsBrief) return { texts, refined };
  const limit = ctx.maxBlocks ?? Math.max(20, Math.floor(blocks.length / 10));
  const chosen = blocks.filter((b) => b.target !== undefined && findings.has(b.blockId)).slice(0, limit);
  const limiter = ctx.limiter ?? new ProviderLimiter({ concurrency: 4 });
  await Promise.all(
    chosen.map(async (block) => {
      const finding = findings.get(block.blockId) as string;
      const sent = { '1': block.source };
      const glossary = glossaryFor(ctx.brief?.glossary, [block.source]);
      let fixed = false;
      try {
        const reply = await limiter.run(
          Math.ceil(block.source.length / 2) + 300,
          () =>
            ctx.engine.translate({
              blocks: sent,
              from: ctx.from,
              to: ctx.to,
              brief: ctx.brief,
              glossary,
              correction: finding,
              signal: ctx.signal,
              usage: ctx.usage,
            }),
          ctx.signal,
        );
        const text = checkReply(sent, reply, glossary, { stillInSource: ctx.stillInSource }).accepted['1'];
        if (
          text !== undefined &&
          !untranslatedReason(block.source, text, ctx.stillInSource) &&
          !leftoverChatter(block.source, text)
        ) {
          texts.set(block.blockId, keepEdges(block.source, text));
          fixed = true;
        }
      } catch (error) {
        if (isFatalError(error)) throw error;
      }
      refined.push({ block_id: block.blockId, finding, fixed });
    }),
  );
  const order = new Map(blocks.map((b, i) => [b.blockId, i]));
  refined.sort((a, b) => (order.get(a.block_id) ?? 0) - (order.get(b.block_id) ?? 0));
  return { texts, refined };
}
