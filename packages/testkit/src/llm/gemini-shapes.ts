import type { ChatAnswer, ChatBody } from './answer-chat';
import type { ChatMessage } from './build-reply';

type Answer = Extract<ChatAnswer, { ok: true }>;
type Content = { role?: string; parts?: Array<{ text?: unknown }> };

const STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  503: 'UNAVAILABLE',
};

/** Google's error status (google.rpc.Status) as the Gemini API puts it in a reply or a batch line. */
export function geminiStatus(code: number, message: string) {
  return { code, message, status: STATUS[code] ?? 'INTERNAL' };
}

/** Gemini's error body: `{error: {code, message, status}}`. */
export function geminiError(code: number, message: string) {
  return { error: geminiStatus(code, message) };
}

/** The answer to a wrong key: 400 INVALID_ARGUMENT with reason API_KEY_INVALID, as Gemini gives it. */
export const GEMINI_BAD_KEY = {
  error: {
    ...geminiStatus(400, 'API key not valid. Please pass a valid API key.'),
    details: [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'API_KEY_INVALID',
        domain: 'googleapis.com',
        metadata: { service: 'generativelanguage.googleapis.com' },
      },
    ],
  },
};

const textOf = (content: Content | undefined) =>
  (content?.parts ?? []).map((part) => (typeof part.text === 'string' ? part.text : '')).join('');

const GEMINI_3 = /gemini-3/i;
/** Gemini 3 thinking levels as the fake's efforts; unset is the model's default, MEDIUM on Flash. */
const LEVEL_EFFORT: Record<string, string> = { MINIMAL: 'none', LOW: 'low', MEDIUM: 'medium', HIGH: 'high' };

/**
 * What generateContent refuses in a request's thinking settings, as the API words it; null when it
 * takes them: a budget and a level together, a level before Gemini 3, MINIMAL on a Pro model.
 */
export function geminiParamsProblem(request: Record<string, unknown>, model: string): string | null {
  const config = (request.generationConfig ?? {}) as Record<string, unknown>;
  const thinking = (config.thinkingConfig ?? {}) as { thinkingBudget?: unknown; thinkingLevel?: unknown };
  if (thinking.thinkingLevel === undefined) return null;
  if (thinking.thinkingBudget !== undefined)
    return 'thinking_budget and thinking_level cannot be set in the same request.';
  if (!GEMINI_3.test(model)) return 'Thinking level is not supported for this model.';
  if (thinking.thinkingLevel === 'MINIMAL' && /-pro/i.test(model))
    return 'Thinking level MINIMAL is not supported for this model.';
  return null;
}

/**
 * A GenerateContentRequest as the fake's chat body: the system instruction first, then the contents
 * (role model as the assistant); maxOutputTokens as the limit. Thinking: on Gemini 3 its level
 * (MINIMAL spends no reasoning tokens, unset is MEDIUM); before, a budget of 0 spends none and any
 * other (or none) the configured number.
 * @example geminiChatBody({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] }, 'gemini-test')
 */
export function geminiChatBody(request: Record<string, unknown>, model: string): ChatBody {
  const contents = Array.isArray(request.contents) ? (request.contents as Content[]) : [];
  const system = textOf(request.systemInstruction as Content | undefined);
  const messages: ChatMessage[] = contents.map((content) => ({
    role: content.role === 'model' ? 'assistant' : 'user',
    content: textOf(content),
  }));
  const config = (request.generationConfig ?? {}) as Record<string, unknown>;
  const thinking = config.thinkingConfig as { thinkingBudget?: number; thinkingLevel?: string } | undefined;
  const level = GEMINI_3.test(model) ? LEVEL_EFFORT[String(thinking?.thinkingLevel)] : undefined;
  return {
    model,
    messages: system && messages.length ? [{ role: 'system', content: system }, ...messages] : messages,
    max_tokens: config.maxOutputTokens,
    reasoning_effort: level ?? (thinking?.thinkingBudget === 0 ? 'none' : 'medium'),
  };
}

/** A GenerateContentResponse: one candidate (none of its content when refused: SAFETY) and usage. */
export function geminiResponse(answer: Answer, responseId: string) {
  const { message, finish } = answer.reply;
  const refused = finish === 'content_filter' || message.refusal !== null;
  const thoughts = answer.reasoningTokens;
  const candidates = answer.usage.completion_tokens - thoughts;
  return {
    candidates: [
      {
        ...(refused ? {} : { content: { role: 'model', parts: [{ text: message.content ?? '' }] } }),
        finishReason: refused ? 'SAFETY' : finish === 'length' ? 'MAX_TOKENS' : 'STOP',
        index: 0,
      },
    ],
    usageMetadata: {
      promptTokenCount: answer.promptTokens,
      candidatesTokenCount: candidates,
      totalTokenCount: answer.promptTokens + candidates + thoughts,
      ...(thoughts ? { thoughtsTokenCount: thoughts } : {}),
    },
    modelVersion: answer.model,
    responseId,
  };
}
