import { blocksOf, serveJson } from './serve-json';

export interface OpenAiRequest {
  model: string;
  blocks: Record<string, string>;
  /** The user message, with any correction after a failed check. */
  prompt: string;
}

/**
 * A local OpenAI-compatible chat server for translation tests: `answer` returns the reply content
 * (a JSON string of blocks) for each request; every request is recorded.
 */
export async function serveOpenAi(answer: (request: OpenAiRequest) => string) {
  const seen: OpenAiRequest[] = [];
  const server = await serveJson(({ body }) => {
    const request = body as { model: string; messages: { content: string }[] };
    const prompt = request.messages[1]?.content ?? '';
    const parsed = { model: request.model, blocks: blocksOf(prompt), prompt };
    seen.push(parsed);
    return { body: chatCompletion(request.model, { content: answer(parsed) }) };
  });
  return { baseUrl: `${server.url}/v1`, seen, close: server.close };
}

/** One model reply: its content (null with a refusal) and why it ended ('stop' unless told). */
export interface ChatCompletionReply {
  content: string | null;
  refusal?: string;
  finish?: string;
}

/**
 * A chat completion body as the OpenAI API sends it, with a fixed small usage.
 * @example serveJson(() => ({ body: chatCompletion('m', { content: '{"1": "Hola"}' }) }))
 */
export function chatCompletion(model: string, reply: ChatCompletionReply) {
  return {
    id: 'c',
    object: 'chat.completion',
    created: 0,
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: reply.content, refusal: reply.refusal ?? null },
        finish_reason: reply.finish ?? 'stop',
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}
