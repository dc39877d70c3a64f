import { AnthropicBatches } from './anthropic-batches';
import {
  anthropicChatBody,
  anthropicError,
  anthropicMessage,
  anthropicParamsProblem,
} from './anthropic-shapes';
import type { FakeProviderOptions } from './provider-options';
import { type FakeProvider, startProviderFake } from './start-provider-fake';

/**
 * Starts a fake of Anthropic's API that "translates" by reversing words as the fake OpenAI server
 * does (decision 001): the Messages API (`POST /v1/messages`, the key and anthropic-version
 * checked, errors in Anthropic's shape) and Message Batches (`/v1/messages/batches`: create,
 * retrieve, list, cancel, JSONL results). Give `url` to the official SDK as its baseURL.
 * @example
 * const fake = await startFakeAnthropic({ apiKey: 'k', batchDelayMs: 200 });
 * const client = new Anthropic({ baseURL: fake.url, apiKey: 'k' });
 */
export function startFakeAnthropic(options: FakeProviderOptions = {}): Promise<FakeProvider> {
  let counter = 0;
  return startProviderFake(options, (tools) => {
    const batches = new AnthropicBatches(tools);
    return {
      error: anthropicError,
      refuse(req) {
        // The key comes as x-api-key or, from the SDK since 1.x, as a bearer token.
        const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        if (options.apiKey && (req.headers['x-api-key'] ?? bearer) !== options.apiKey)
          return { status: 401, body: anthropicError(401, 'invalid x-api-key') };
        if (!req.headers['anthropic-version'])
          return { status: 400, body: anthropicError(400, 'anthropic-version: header is required') };
        return null;
      },
      async route(req, res, path, query) {
        if (req.method === 'POST' && path === '/v1/messages') {
          const body = await tools.readJson(req, res);
          if (!body) return true;
          const problem = anthropicParamsProblem(body);
          if (problem) tools.reply(res, 400, anthropicError(400, problem));
          else
            await tools.chat(res, anthropicChatBody(body), (answer) =>
              anthropicMessage(`msg_fake${++counter}`, answer, 'standard'),
            );
          return true;
        }
        if (path === '/v1/messages/batches') {
          if (req.method === 'GET') batches.list(res, query);
          else if (req.method === 'POST') {
            const body = await tools.readJson(req, res);
            if (body) batches.create(res, body);
          } else return false;
          return true;
        }
        const match = /^\/v1\/messages\/batches\/([^/]+)(\/results|\/cancel)?$/.exec(path);
        if (!match) return false;
        const batch = batches.find(decodeURIComponent(match[1]!));
        if (!batch) tools.reply(res, 404, anthropicError(404, `No batch found with id '${match[1]}'.`));
        else if (req.method === 'GET' && !match[2]) batches.retrieve(res, batch);
        else if (req.method === 'GET' && match[2] === '/results') batches.results(res, batch);
        else if (req.method === 'POST' && match[2] === '/cancel') batches.cancel(res, batch);
        else return false;
        return true;
      },
      close: () => batches.close(),
    };
  });
}
