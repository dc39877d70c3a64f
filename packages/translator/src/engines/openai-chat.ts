import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
} from 'openai/resources/chat/completions';
import type { ChatReply } from '../llm-engine';
import type { ReasoningEffort } from './hosted-llm';

/** What shapes an OpenAI chat request besides its text: the engine's and the batch client's settings. */
export interface OpenAiChatSettings {
  reasoningEffort?: ReasoningEffort;
  /** Some local servers reject response_format; JSON mode is on by default. */
  jsonMode?: boolean;
}

/**
 * The body of one chat completion request, the same for a synchronous call and a batch line.
 * @example openAiChatParams({ system: 'Translate.', user: 'BLOCKS:…', model: 'gpt-4.1-mini' }, {})
 */
export function openAiChatParams(
  request: { system: string; user: string; model: string },
  settings: OpenAiChatSettings,
): ChatCompletionCreateParamsNonStreaming {
  return {
    model: request.model,
    messages: [
      { role: 'system', content: request.system },
      { role: 'user', content: request.user },
    ],
    ...reasoningParams(request.model, settings.reasoningEffort),
    ...(settings.jsonMode === false ? {} : { response_format: { type: 'json_object' as const } }),
  };
}

/**
 * A chat completion in the terms every engine shares: a refusal (message or content filter), a reply
 * cut at the length limit, the billed tokens with the reasoning part apart.
 * @example openAiChatReply(await client.chat.completions.create(params)).finish // 'stop'
 */
export function openAiChatReply(
  response: Pick<ChatCompletion, 'choices'> & { usage?: ChatCompletion['usage'] | null },
): ChatReply {
  const choice = response.choices[0];
  const refusal = choice?.message.refusal ?? undefined;
  const finish = choice?.finish_reason;
  return {
    text: choice?.message.content ?? '',
    finish: refusal || finish === 'content_filter' ? 'refusal' : finish === 'length' ? 'length' : 'stop',
    refusal: refusal ?? (finish === 'content_filter' ? 'content filter' : undefined),
    inputTokens: response.usage?.prompt_tokens ?? 0,
    outputTokens: response.usage?.completion_tokens ?? 0,
    reasoningTokens: response.usage?.completion_tokens_details?.reasoning_tokens ?? 0,
  };
}

/** OpenAI's reasoning models: the o-series and GPT-5 (which also take 'minimal'). */
const REASONING_MODEL = /^(?:o\d|gpt-5)/i;

/**
 * The request's reasoning and sampling parameters: reasoning models get the least effort they take
 * ('minimal' for GPT-5, 'low' for the o-series) unless configured, and no temperature (they refuse
 * one); other models get temperature 0.3 and no reasoning parameter unless one is configured.
 * @example reasoningParams('gpt-5-mini', undefined) // { reasoning_effort: 'minimal' }
 */
export function reasoningParams(
  model: string,
  effort: ReasoningEffort | undefined,
): { reasoning_effort?: 'none' | 'minimal' | 'low' | 'medium' | 'high'; temperature?: number } {
  const reasoning = REASONING_MODEL.test(model.split('/').pop() ?? model);
  if (!reasoning)
    return effort && effort !== 'provider'
      ? { reasoning_effort: effort, temperature: 0.3 }
      : { temperature: 0.3 };
  if (effort === 'provider') return {};
  return { reasoning_effort: effort ?? (/gpt-5/i.test(model) ? 'minimal' : 'low') };
}
