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

/**
 * How an OpenAI model takes reasoning (decision 309), by its name:
 * - 'plain': GPT-4.x, GPT-4o and unknown names (local servers): a temperature, no reasoning unless asked;
 * - 'o-series': o1, o3, o4-mini: effort low, medium or high;
 * - 'gpt-5': GPT-5, 5 mini and 5 nano: minimal, low, medium or high ('none' is a 400);
 * - 'gpt-5.1+': GPT-5.1 and later, GPT-6 (gpt-6-luna...): none, low, medium, high and up ('minimal'
 *   is a 400), and they reason by default;
 * - 'fixed': pro and chat models, whose effort cannot be set.
 * @example openAiFamily('gpt-6-luna') // 'gpt-5.1+'
 */
export function openAiFamily(model: string): 'plain' | 'o-series' | 'gpt-5' | 'gpt-5.1+' | 'fixed' {
  const name = (model.split('/').pop() ?? model).toLowerCase();
  if (/^o\d/.test(name)) return /-pro(?:-|$)/.test(name) ? 'fixed' : 'o-series';
  const version = /^gpt-(\d+)(?:\.(\d+))?(?:-|$)/.exec(name);
  if (!version) return 'plain';
  const major = Number(version[1]);
  const minor = Number(version[2] ?? 0);
  if (major < 5) return 'plain';
  if (/-(?:pro|chat)(?:-|$)/.test(name)) return 'fixed';
  return major === 5 && minor === 0 ? 'gpt-5' : 'gpt-5.1+';
}

/** The least effort each reasoning family takes. */
const LEAST_EFFORT = { 'o-series': 'low', 'gpt-5': 'minimal', 'gpt-5.1+': 'none' } as const;

/**
 * The request's reasoning and sampling parameters: reasoning models get the least effort their
 * family takes unless configured ('none' and 'minimal' both mean that least), and no temperature;
 * pro and chat models get neither; other models get temperature 0.3 and no reasoning parameter
 * unless one is configured (local servers).
 * @example reasoningParams('gpt-6-luna', undefined) // { reasoning_effort: 'none' }
 */
export function reasoningParams(
  model: string,
  effort: ReasoningEffort | undefined,
): { reasoning_effort?: 'none' | 'minimal' | 'low' | 'medium' | 'high'; temperature?: number } {
  const family = openAiFamily(model);
  if (family === 'plain')
    return effort && effort !== 'provider'
      ? { reasoning_effort: effort, temperature: 0.3 }
      : { temperature: 0.3 };
  if (family === 'fixed' || effort === 'provider') return {};
  const least = effort === undefined || effort === 'none' || effort === 'minimal';
  return { reasoning_effort: least ? LEAST_EFFORT[family] : effort };
}
