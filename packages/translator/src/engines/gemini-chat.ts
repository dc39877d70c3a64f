import { type GenerateContentConfig, type GenerateContentResponse, ThinkingLevel } from '@google/genai';
import type { ChatReply } from '../llm-engine';
import type { ReasoningEffort } from './hosted-llm';

/** Finish reasons that mean the content was blocked; RECITATION is common with published books. */
const BLOCKED = new Set(['SAFETY', 'RECITATION', 'PROHIBITED_CONTENT', 'BLOCKLIST', 'SPII', 'IMAGE_SAFETY']);

/**
 * The generateContent request of one chat call, the same for a synchronous call and a batch's inlined
 * request: the system instruction, JSON output, the output limit, the thinking settings, and a low
 * temperature before Gemini 3 (whose guidance is to keep the default: lower ones make it loop).
 * @example geminiContentParams({ system: 'Translate.', user: 'BLOCKS:…', model: 'gemini-3.5-flash', maxOutputTokens: 4000 }, undefined)
 */
export function geminiContentParams(
  request: { system: string; user: string; model: string; maxOutputTokens: number },
  effort: ReasoningEffort | undefined,
): { model: string; contents: string; config: GenerateContentConfig } {
  return {
    model: request.model,
    contents: request.user,
    config: {
      systemInstruction: request.system,
      responseMimeType: 'application/json',
      maxOutputTokens: request.maxOutputTokens,
      ...(GEMINI_3.test(request.model) ? {} : { temperature: 0.3 }),
      ...thinkingConfig(request.model, effort),
    },
  };
}

/**
 * A GenerateContentResponse (the SDK's object or a batch's plain one) in the terms every engine
 * shares: the first candidate's text without thoughts, a block or a missing candidate as a refusal,
 * MAX_TOKENS as length, and thoughts billed as output but counted apart.
 * @example geminiChatReply(await client.models.generateContent(params)).finish // 'stop'
 */
export function geminiChatReply(
  response: Pick<GenerateContentResponse, 'candidates' | 'promptFeedback' | 'usageMetadata'>,
): ChatReply {
  const candidate = response.candidates?.[0];
  const reason = String(candidate?.finishReason ?? '');
  const blocked = response.promptFeedback?.blockReason ?? (BLOCKED.has(reason) ? reason : undefined);
  const usage = response.usageMetadata;
  const text = (candidate?.content?.parts ?? [])
    .map((part) => (typeof part.text === 'string' && !part.thought ? part.text : ''))
    .join('');
  return {
    text: blocked ? '' : text,
    finish: blocked || !candidate ? 'refusal' : reason === 'MAX_TOKENS' ? 'length' : 'stop',
    refusal: blocked ? String(blocked) : candidate ? undefined : 'no candidate',
    inputTokens: usage?.promptTokenCount ?? 0,
    outputTokens: (usage?.candidatesTokenCount ?? 0) + (usage?.thoughtsTokenCount ?? 0),
    reasoningTokens: usage?.thoughtsTokenCount ?? 0,
  };
}

const BUDGETS: Record<string, number> = { none: 0, minimal: 0, low: 1024, medium: 8192, high: 24576 };
const GEMINI_3 = /gemini-3/i;
const LEVELS: Record<string, ThinkingLevel> = {
  low: ThinkingLevel.LOW,
  medium: ThinkingLevel.MEDIUM,
  high: ThinkingLevel.HIGH,
};

/**
 * How much Gemini thinks (decisions 171, 307). Gemini 3 takes a level, not a budget: the least is
 * MINIMAL on Flash and Flash-Lite, LOW on Pro (its lowest); `low`, `medium`, `high` are the levels.
 * Gemini 2.5 takes a budget: none unless configured (Flash and Flash-Lite take 0; Pro thinks at
 * least 128 tokens). Other models keep their default, as does `provider`.
 * @example thinkingConfig('gemini-3.5-flash', undefined) // { thinkingConfig: { thinkingLevel: 'MINIMAL' } }
 */
export function thinkingConfig(
  model: string,
  effort: ReasoningEffort | undefined,
): { thinkingConfig?: { thinkingBudget: number } | { thinkingLevel: ThinkingLevel } } {
  if (effort === 'provider') return {};
  if (GEMINI_3.test(model)) {
    const least = /-pro/i.test(model) ? ThinkingLevel.LOW : ThinkingLevel.MINIMAL;
    return { thinkingConfig: { thinkingLevel: LEVELS[effort ?? 'none'] ?? least } };
  }
  if (!/gemini-2\.5/i.test(model)) return {};
  const pro = /gemini-2\.5-pro/i.test(model);
  const budget = BUDGETS[effort ?? 'none'] ?? 0;
  return { thinkingConfig: { thinkingBudget: pro ? Math.max(128, budget) : budget } };
}
