import type { BookBrief } from '../brief';
import { buildPrompt } from '../build-prompt';
import { checkReply, type ReplyCheckOptions } from '../check-reply';
import { isTranslatorError } from '../errors';
import { glossaryFor } from '../glossary-matcher';
import { parseReply } from '../parse-reply';
import type { ChunkItem } from '../plan-chunks';
import { type ModelPrice, priceOf, type Usage } from '../usage';
import type { BatchRequest, BatchResult } from './batch-client';

/** What a chunk's batch request is built from: the source, the brief and the glossary only. */
export interface EconomyChunk {
  customId: string;
  /** The blocks still to translate (those saved already are left out by the caller). */
  items: ChunkItem[];
  /** The previous passage's source: its translation is not known when the batch is built. */
  previousSource?: string;
}

export interface EconomyContext {
  from: string;
  to: string;
  brief?: BookBrief;
  model: string;
  /** The engine's own output cap (16,384 by default, as the standard lane's). */
  outputCap?: number;
}

/**
 * One chunk as a provider batch request, with the prompt the standard lane sends (buildPrompt) but
 * no previous translation: every request of a batch is built before any is answered.
 * @example economyRequest({ customId: 'c1', items }, { from: 'en', to: 'es', model: 'gpt-4.1-mini' })
 */
export function economyRequest(chunk: EconomyChunk, ctx: EconomyContext): BatchRequest {
  const blocks = blocksOf(chunk.items);
  const prompt = buildPrompt({
    blocks,
    from: ctx.from,
    to: ctx.to,
    brief: ctx.brief,
    glossary: glossaryFor(ctx.brief?.glossary, Object.values(blocks)),
    previous: chunk.previousSource ? { source: chunk.previousSource } : undefined,
  });
  // The standard lane's cap (llm-engine.ts): far fewer tokens than the prompt has characters.
  const maxOutputTokens = Math.min(ctx.outputCap ?? 16_384, Math.ceil(prompt.user.length) + 500);
  return {
    customId: chunk.customId,
    system: prompt.system,
    user: prompt.user,
    model: ctx.model,
    maxOutputTokens,
  };
}

/** A chunk's batch result read block by block: what passed the checks, and what goes to the standard lane. */
export interface EconomyOutcome {
  accepted: { item: ChunkItem; text: string }[];
  failed: { item: ChunkItem; message: string }[];
  usage: Usage;
}

/**
 * Reads a chunk's batch result with the standard lane's rules (parseReply, checkReply): every block
 * that passes is accepted, and every other block (a soft problem too: the standard lane asks again
 * once before it accepts one) is listed as failed, for the standard lane to ask again.
 * @example economyOutcome(items, result, { stillInSource }, brief)
 */
export function economyOutcome(
  items: ChunkItem[],
  result: BatchResult | undefined,
  checks: ReplyCheckOptions,
  brief?: BookBrief,
  price?: ModelPrice,
): EconomyOutcome {
  const usage: Usage = { requests: result ? 1 : 0, inputTokens: 0, outputTokens: 0 };
  const failAll = (message: string): EconomyOutcome => ({
    accepted: [],
    failed: items.map((item) => ({ item, message })),
    usage,
  });
  if (!result) return failAll('the batch gave no result for this request');
  const reply = result.reply;
  if (!reply) return failAll(result.error?.message ?? 'the request failed');
  usage.inputTokens = reply.inputTokens;
  usage.outputTokens = reply.outputTokens;
  if (reply.reasoningTokens) usage.reasoningTokens = reply.reasoningTokens;
  const cost = priceOf(price, reply.inputTokens, reply.outputTokens);
  if (cost !== undefined) usage.costUsd = cost;
  if (reply.finish === 'length') return failAll('the reply was cut at the output limit');
  if (reply.finish === 'refusal') return failAll(`the model refused (${reply.refusal ?? 'content policy'})`);
  const blocks = blocksOf(items);
  let parsed: Record<string, string>;
  try {
    parsed = parseReply(reply.text);
  } catch (error) {
    if (!isTranslatorError(error)) throw error;
    return failAll(error.message);
  }
  const check = checkReply(blocks, parsed, glossaryFor(brief?.glossary, Object.values(blocks)), checks);
  if (check.fatal) return failAll(check.fatal);
  const problems = new Map(check.problems.map((p) => [p.key, p.message]));
  const outcome: EconomyOutcome = { accepted: [], failed: [], usage };
  for (const item of items) {
    const text = check.accepted[item.key];
    if (text !== undefined) outcome.accepted.push({ item, text });
    else outcome.failed.push({ item, message: problems.get(item.key) ?? 'the block was not accepted' });
  }
  return outcome;
}

function blocksOf(items: ChunkItem[]): Record<string, string> {
  return Object.fromEntries(items.map((item) => [item.key, item.text]));
}
