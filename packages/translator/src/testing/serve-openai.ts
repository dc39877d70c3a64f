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
    return {
      body: {
        id: 'c',
        object: 'chat.completion',
        created: 0,
        model: request.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: answer(parsed), refusal: null },
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      },
    };
  });
  return { baseUrl: `${server.url}/v1`, seen, close: server.close };
}
