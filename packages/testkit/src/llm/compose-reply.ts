import { countTokens, decode, encode } from 'gpt-tokenizer';
import { type ChatMessage, messageText, type PlannedReply, renderReply } from './build-reply';
import type { Fault } from './fake-llm-options';
import type { FinishReason, ReplyMessage } from './openai-shapes';
import { reverseWords } from './reverse-words';

export interface ComposedReply {
  message: ReplyMessage;
  finish: FinishReason;
  completionTokens: number;
  /** The fault that actually changed the reply (drop does nothing to a reply without blocks). */
  applied: Fault | null;
}

const REFUSAL = "I'm sorry, but I can't help with that request.";
const LEFTOVER = 'Let me know if you need anything else.';

/** Prompt tokens the way OpenAI counts chat messages: the text plus a few tokens of framing each. */
export function countPromptTokens(messages: ChatMessage[]): number {
  let total = 3;
  for (const message of messages) total += 3 + countTokens(messageText(message));
  return total;
}

/**
 * Turns the planned reply into the message the client receives, with the request's fault applied and
 * the request's max_tokens honoured (finish_reason length, cut at a token boundary).
 * @example composeReply({ kind: 'text', text: 'olleh' }, null, undefined, Math.random).message.content // 'olleh'
 */
export function composeReply(
  plan: PlannedReply,
  fault: Fault | null,
  maxTokens: number | undefined,
  random: () => number,
): ComposedReply {
  if (fault === 'refusal') {
    const variant = Math.floor(random() * 3);
    if (variant === 0)
      return {
        message: { content: null, refusal: null },
        finish: 'content_filter',
        completionTokens: 0,
        applied: fault,
      };
    const message = variant === 1 ? { content: null, refusal: REFUSAL } : { content: REFUSAL, refusal: null };
    return { message, finish: 'stop', completionTokens: countTokens(REFUSAL), applied: fault };
  }
  let applied: Fault | null = null;
  let text: string;
  if (fault === 'drop' && plan.kind === 'blocks' && Object.keys(plan.blocks).length > 0) {
    const keys = Object.keys(plan.blocks);
    const dropped = keys[Math.floor(random() * keys.length)]!;
    const { [dropped]: _gone, ...rest } = plan.blocks;
    text = JSON.stringify(rest);
    applied = fault;
  } else if (fault === 'identical' && plan.kind === 'blocks') {
    text = JSON.stringify(
      Object.fromEntries(Object.entries(plan.blocks).map(([k, v]) => [k, reverseWords(v)])),
    );
    applied = fault;
  } else if (fault === 'block_chatter' && plan.kind === 'blocks' && Object.keys(plan.blocks).length > 0) {
    const keys = Object.keys(plan.blocks);
    const chosen = keys[Math.floor(random() * keys.length)]!;
    text = JSON.stringify({ ...plan.blocks, [chosen]: `${plan.blocks[chosen]} ${LEFTOVER}` });
    applied = fault;
  } else {
    text = renderReply(plan);
  }
  if (fault === 'chatter') {
    text = `Sure! Here is the translation:\n\n\`\`\`json\n${text}\n\`\`\`\n\nLet me know if you need anything else.`;
    applied = fault;
  }
  let completionTokens = countTokens(text);
  let finish: FinishReason = 'stop';
  if (maxTokens !== undefined && maxTokens > 0 && completionTokens > maxTokens) {
    text = decode(encode(text).slice(0, maxTokens));
    completionTokens = maxTokens;
    finish = 'length';
  }
  return { message: { content: text, refusal: null }, finish, completionTokens, applied };
}
