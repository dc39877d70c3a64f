import { GeminiBatches } from './gemini-batches';
import {
  GEMINI_BAD_KEY,
  geminiChatBody,
  geminiError,
  geminiParamsProblem,
  geminiResponse,
} from './gemini-shapes';
import type { FakeProviderOptions } from './provider-options';
import { type FakeProvider, startProviderFake } from './start-provider-fake';

/**
 * Starts a fake of the Gemini API that "translates" by reversing words as the fake OpenAI server
 * does (decision 001): `POST /v1beta/models/{model}:generateContent` (the key in x-goog-api-key or
 * `?key=`, errors in Google's shape) and batch mode (`:batchGenerateContent` with inlined requests,
 * `GET /v1beta/batches/{id}`, `POST /v1beta/batches/{id}:cancel`, `GET /v1beta/batches`; the same
 * under /v1, where `@google/genai` 3 sends them), as the SDK sends and reads them. Give `url` to
 * the SDK as `httpOptions.baseUrl`.
 * @example
 * const fake = await startFakeGemini({ apiKey: 'k' });
 * const ai = new GoogleGenAI({ apiKey: 'k', httpOptions: { baseUrl: fake.url } });
 */
export function startFakeGemini(options: FakeProviderOptions = {}): Promise<FakeProvider> {
  let counter = 0;
  return startProviderFake(options, (tools) => {
    const batches = new GeminiBatches(tools);
    return {
      error: geminiError,
      refuse(req, query) {
        const key = req.headers['x-goog-api-key'] ?? query.get('key');
        if (options.apiKey && key !== options.apiKey) return { status: 400, body: GEMINI_BAD_KEY };
        return null;
      },
      async route(req, res, path, query) {
        const model = /^\/v1(?:beta)?\/models\/([^/:]+):(generateContent|batchGenerateContent)$/.exec(path);
        if (model && req.method === 'POST') {
          const body = await tools.readJson(req, res);
          if (!body) return true;
          const name = decodeURIComponent(model[1]!);
          const problem = geminiParamsProblem(body, name);
          if (model[2] === 'batchGenerateContent') batches.create(res, name, body);
          else if (!Array.isArray(body.contents) || body.contents.length === 0)
            tools.reply(
              res,
              400,
              geminiError(400, '* GenerateContentRequest.contents: contents is not specified'),
            );
          else if (problem) tools.reply(res, 400, geminiError(400, problem));
          else
            await tools.chat(res, geminiChatBody(body, name), (answer) =>
              geminiResponse(answer, `fake${++counter}`),
            );
          return true;
        }
        if (/^\/v1(beta)?\/batches$/.test(path) && req.method === 'GET') {
          batches.list(res, query);
          return true;
        }
        const match = /^\/v1(?:beta)?\/batches\/([^/:]+)(:cancel)?$/.exec(path);
        if (!match) return false;
        const batch = batches.find(decodeURIComponent(match[1]!));
        if (!batch) tools.reply(res, 404, geminiError(404, `Batch batches/${match[1]} not found.`));
        else if (req.method === 'GET' && !match[2]) batches.get(res, batch);
        else if (req.method === 'POST' && match[2]) batches.cancel(res, batch);
        else return false;
        return true;
      },
      close: () => batches.close(),
    };
  });
}
