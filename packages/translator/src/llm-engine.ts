import { type BookBrief, parseBrief } from './brief';
import { buildAnalysisPrompt } from './build-analysis-prompt';
import { buildPrompt } from './build-prompt';
import { classifyProviderError } from './classify-error';
import type { AnalyzeRequest, Engine, TermsRequest, TranslateBatch } from './engine';
import { TranslatorError } from './errors';
import { parseJsonObject, parseReply } from './parse-reply';
import { buildTermsPrompt } from './terms/build-terms-prompt';
import { parseTermsReply } from './terms/parse-terms-reply';
import { addUsage, type ModelPrice, priceOf, type Usage } from './usage';

/** One chat call, in the terms every provider shares. */
export interface ChatRequest {
  system: string;
  user: string;
  model: string;
  /** Upper bound for the reply, sized from the input so a runaway reply stops early. */
  maxOutputTokens: number;
  signal: AbortSignal;
}

export interface ChatReply {
  text: string;
  /** 'length': cut at the token limit; 'refusal': content policy or a refusal message. */
  finish: 'stop' | 'length' | 'refusal';
  inputTokens: number;
  /** Everything the reply was billed for, thinking included. */
  outputTokens: number;
  /** Of `outputTokens`, those the model spent thinking. */
  reasoningTokens?: number;
  refusal?: string;
}

export interface LlmEngineOptions {
  name: string;
  model: string;
  chat: (request: ChatRequest) => Promise<ChatReply>;
  chunkTokens?: number;
  /** The model's own output limit. */
  maxOutputTokens?: number;
  /** Our own deadline per request; the SDK's long default would hold a stuck request for minutes. */
  timeoutMs?: number;
  price?: ModelPrice;
}

/**
 * Turns a provider's chat call into a translation engine: prompt, deadline, usage, error mapping,
 * strict parsing. The provider modules only supply `chat`.
 */
export function createLlmEngine(options: LlmEngineOptions): Engine {
  const timeoutMs = options.timeoutMs ?? 300_000;
  const outputCap = options.maxOutputTokens ?? 16_384;
  const chunkTokens = options.chunkTokens ?? 2400;

  async function call(system: string, user: string, model: string, usage: Usage, signal?: AbortSignal) {
    const deadline = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
    // A translation has far fewer tokens than its prompt has characters: a generous cap without tokenizing twice.
    const maxOutputTokens = Math.min(outputCap, Math.ceil(user.length) + 500);
    let reply: ChatReply;
    try {
      reply = await options.chat({ system, user, model, maxOutputTokens, signal: combined });
    } catch (error) {
      addUsage(usage, { requests: 1 });
      if (deadline.aborted && !signal?.aborted)
        throw new TranslatorError('timeout', `${options.name}: no reply in ${timeoutMs} ms`);
      throw classifyProviderError(error, options.name, signal);
    }
    const cost = priceOf(options.price, reply.inputTokens, reply.outputTokens);
    addUsage(usage, {
      requests: 1,
      inputTokens: reply.inputTokens,
      outputTokens: reply.outputTokens,
      reasoningTokens: reply.reasoningTokens,
      costUsd: cost,
    });
    if (reply.finish === 'length')
      throw new TranslatorError('truncated', `${options.name}: the reply was cut at the output limit`);
    if (reply.finish === 'refusal') {
      throw new TranslatorError(
        'refused',
        `${options.name}: the model refused (${reply.refusal ?? 'content policy'})`,
      );
    }
    return reply.text;
  }

  return {
    name: options.name,
    model: options.model,
    chunkTokens,
    // Twice the budget, while a reply of up to three tokens per source token still fits the output limit.
    maxChunkTokens: Math.max(chunkTokens, Math.min(2 * chunkTokens, Math.floor(outputCap / 3))),
    understandsBrief: true,
    followsGlossary: true,
    async translate(batch: TranslateBatch) {
      const prompt = buildPrompt(batch);
      const text = await call(
        prompt.system,
        prompt.user,
        batch.model ?? options.model,
        batch.usage,
        batch.signal,
      );
      return parseReply(text);
    },
    async analyze(request: AnalyzeRequest): Promise<BookBrief> {
      const prompt = buildAnalysisPrompt(request.sample, request.from, request.to, request.part);
      const text = await call(prompt.system, prompt.user, options.model, request.usage, request.signal);
      return parseBrief(parseJsonObject(text));
    },
    async renderTerms(request: TermsRequest) {
      const prompt = buildTermsPrompt(request.terms, request.from, request.to, request.about);
      const text = await call(prompt.system, prompt.user, options.model, request.usage, request.signal);
      return parseTermsReply(parseJsonObject(text), new Set(request.terms.map((t) => t.term)));
    },
  };
}
