/** Bodies in the shapes of OpenAI's chat completions API. */

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details: { cached_tokens: number };
  completion_tokens_details: { reasoning_tokens: number };
}

export type FinishReason = 'stop' | 'length' | 'content_filter';

export interface ReplyMessage {
  content: string | null;
  refusal: string | null;
}

export function usageOf(prompt: number, completion: number, reasoning = 0): Usage {
  return {
    prompt_tokens: prompt,
    completion_tokens: completion + reasoning,
    total_tokens: prompt + completion + reasoning,
    prompt_tokens_details: { cached_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: reasoning },
  };
}

const EFFORT_SHARE: Record<string, number> = {
  none: 0,
  minimal: 0,
  low: 0.25,
  medium: 1,
  high: 2,
  xhigh: 3,
  max: 4,
};

/**
 * Reasoning tokens a reply spends at the request's `reasoning_effort`; unset, the model's default:
 * none on GPT-5.1, medium on every other model (GPT-6 Luna reasons by default).
 */
export function reasoningFor(perReply: number, effort: unknown, model = ''): number {
  const unset = /^gpt-5\.1(?:-|$)/i.test(model) ? 'none' : 'medium';
  const share = EFFORT_SHARE[typeof effort === 'string' ? effort : unset] ?? 1;
  return Math.round(perReply * share);
}

/** The efforts each family of OpenAI's reasoning models takes, as its API answers. */
const EFFORTS = {
  'o-series': ['low', 'medium', 'high'],
  'gpt-5': ['minimal', 'low', 'medium', 'high'],
  'gpt-5.1': ['none', 'low', 'medium', 'high'],
  later: ['none', 'low', 'medium', 'high', 'xhigh', 'max'],
  pro: ['high'],
} as const;

function familyOf(model: string): keyof typeof EFFORTS | null {
  const name = model.toLowerCase();
  if (/-pro(?:-|$)/.test(name) && /^(?:o\d|gpt-[5-9])/.test(name)) return 'pro';
  if (/^o\d/.test(name)) return 'o-series';
  const version = /^gpt-(\d+)(?:\.(\d+))?(?:-|$)/.exec(name);
  if (!version || Number(version[1]) < 5) return null;
  if (version[1] === '5')
    return version[2] === undefined ? 'gpt-5' : version[2] === '1' ? 'gpt-5.1' : 'later';
  return 'later';
}

/**
 * What OpenAI refuses in a chat body's reasoning and sampling settings for a reasoning model: an
 * effort its family does not take ('minimal' on GPT-5.1 and later, 'none' on GPT-5 and the o-series),
 * a temperature other than 1 on a model that reasons (GPT-5.1 and later take one only at effort
 * none). Other models (GPT-4.x, local names) are not checked.
 * @example openAiParamsProblem({ model: 'gpt-6-luna', reasoning_effort: 'minimal' }) // "Unsupported value: ..."
 */
export function openAiParamsProblem(
  body: Record<string, unknown>,
): { message: string; param: string } | null {
  const model = typeof body.model === 'string' ? body.model : '';
  const family = familyOf(model);
  if (!family) return null;
  const effort = body.reasoning_effort;
  const allowed: readonly string[] = EFFORTS[family];
  if (effort !== undefined && effort !== null && !allowed.includes(String(effort)))
    return {
      message: `Unsupported value: '${String(effort)}' is not supported with the '${model}' model. Supported values are: ${allowed.map((e) => `'${e}'`).join(', ')}.`,
      param: 'reasoning_effort',
    };
  const temperature = body.temperature;
  const reasons = !(effort === 'none' || (effort === undefined && family === 'gpt-5.1'));
  const takesTemperature = (family === 'gpt-5.1' || family === 'later') && !reasons;
  if (temperature !== undefined && temperature !== 1 && !takesTemperature)
    return {
      message: `Unsupported value: 'temperature' does not support ${String(temperature)} with this model. Only the default (1) value is supported.`,
      param: 'temperature',
    };
  return null;
}

/** What every completion and stream chunk starts with; `tier` is the service tier that served it. */
function envelope(id: string, object: string, model: string, tier: string) {
  return {
    id,
    object,
    created: Math.floor(Date.now() / 1000),
    model,
    service_tier: tier,
    system_fingerprint: 'fp_fake',
  };
}

/**
 * The tier a reply says served it, as OpenAI answers: 'flex', 'priority' and 'scale' as asked,
 * anything else (absent, 'auto', 'default') 'default'.
 * @example servedTier('flex') // 'flex'
 */
export function servedTier(asked: unknown): string {
  return asked === 'flex' || asked === 'priority' || asked === 'scale' ? asked : 'default';
}

export function completionBody(
  id: string,
  model: string,
  message: ReplyMessage,
  finish: FinishReason,
  usage: Usage,
  tier = 'default',
) {
  return {
    ...envelope(id, 'chat.completion', model, tier),
    choices: [
      { index: 0, message: { role: 'assistant', ...message }, logprobs: null, finish_reason: finish },
    ],
    usage,
  };
}

export function chunkBody(
  id: string,
  model: string,
  delta: Record<string, unknown> | null,
  finish: FinishReason | null,
  usage?: Usage | null,
  tier = 'default',
) {
  return {
    ...envelope(id, 'chat.completion.chunk', model, tier),
    choices: delta ? [{ index: 0, delta, logprobs: null, finish_reason: finish }] : [],
    ...(usage !== undefined ? { usage } : {}),
  };
}

export function errorBody(message: string, type: string, code: string | null, param: string | null = null) {
  return { error: { message, type, param, code } };
}
