import * as deepl from 'deepl-node';
import { type BookBrief, glossaryVersion, termsOf } from '../brief';
import { classifyProviderError } from '../classify-error';
import type { Engine, TranslateBatch } from '../engine';
import { TranslatorError } from '../errors';
import { addUsage } from '../usage';
import { escapeProse, unescapeProse } from './escape-prose';

export interface DeeplEngineOptions {
  apiKey: string;
  /** For tests and DeepL API Pro/Free hosts; by default the client picks from the key. */
  baseUrl?: string;
  timeoutMs?: number;
}

/**
 * DeepL on the official client: placeholders travel as XML tags, the brief's glossary becomes a
 * DeepL glossary. DeepL bills characters; usage reports them as input tokens (4 characters each).
 * @example createDeeplEngine({ apiKey: process.env.DEEPL_KEY })
 */
export function createDeeplEngine(options: DeeplEngineOptions): Engine {
  const client = new deepl.Translator(options.apiKey, {
    serverUrl: options.baseUrl,
    maxRetries: 0,
    minTimeout: options.timeoutMs ?? 60_000,
  });
  const glossaries = new Map<string, Promise<string | undefined>>();

  async function glossaryId(brief: BookBrief | undefined, from: string, to: string) {
    if (!brief?.glossary.length) return undefined;
    const key = `${from}>${to}:${glossaryVersion(brief)}`;
    if (!glossaries.has(key)) {
      // Each case form is a source of its own: DeepL matches glossary sources as written.
      const entries = Object.fromEntries(
        brief.glossary.flatMap((e) => termsOf(e).map((term) => [term, e.target])).reverse(),
      );
      const created = client
        .createGlossary(
          `booktranslate ${key}`,
          from as deepl.LanguageCode,
          base(to) as deepl.LanguageCode,
          new deepl.GlossaryEntries({ entries }),
        )
        .then((info) => info.glossaryId);
      glossaries.set(key, created);
    }
    return glossaries.get(key);
  }

  return {
    name: 'deepl',
    model: 'deepl',
    chunkTokens: 3000,
    understandsBrief: false,
    followsGlossary: true,
    async translate(batch: TranslateBatch) {
      const keys = Object.keys(batch.blocks);
      const texts = keys.map((k) => escapeProse(batch.blocks[k] as string));
      const characters = texts.reduce((n, t) => n + t.length, 0);
      try {
        // A DeepL glossary needs a known source language.
        const glossary =
          batch.from === 'auto' ? undefined : await glossaryId(batch.brief, base(batch.from), batch.to);
        const results = await client.translateText(
          texts,
          (batch.from === 'auto' ? null : base(batch.from)) as deepl.SourceLanguageCode | null,
          targetCode(batch.to),
          {
            tagHandling: 'xml',
            ignoreTags: [],
            ...(glossary ? { glossary } : {}),
          },
        );
        addUsage(batch.usage, { requests: 1, inputTokens: Math.ceil(characters / 4) });
        return Object.fromEntries(keys.map((k, i) => [k, unescapeProse(results[i]?.text ?? '')]));
      } catch (error) {
        addUsage(batch.usage, { requests: 1 });
        throw mapDeeplError(error, batch.signal);
      }
    },
  };
}

function mapDeeplError(error: unknown, signal?: AbortSignal): TranslatorError {
  if (error instanceof deepl.QuotaExceededError) {
    return new TranslatorError(
      'quota_exhausted',
      `deepl: the character quota is used up (${error.message})`,
      { status: 456, cause: error },
    );
  }
  if (error instanceof deepl.AuthorizationError) {
    return new TranslatorError('auth_failed', `deepl: the API key was refused (${error.message})`, {
      status: 403,
      cause: error,
    });
  }
  if (error instanceof deepl.TooManyRequestsError) {
    return new TranslatorError('rate_limited', `deepl: rate limited (${error.message})`, {
      status: 429,
      cause: error,
    });
  }
  if (error instanceof deepl.ConnectionError) {
    return new TranslatorError(
      /timeout/i.test(error.message) ? 'timeout' : 'network',
      `deepl: ${error.message}`,
      { cause: error },
    );
  }
  if (error instanceof deepl.DeepLError && /service unavailable|internal|status 5\d\d/i.test(error.message)) {
    return new TranslatorError('overloaded', `deepl: ${error.message}`, { cause: error });
  }
  return classifyProviderError(error, 'deepl', signal);
}

function base(code: string): string {
  return code.split('-')[0]?.toLowerCase() ?? code;
}

/** DeepL wants a regional variant for English and Portuguese targets. */
function targetCode(code: string): deepl.TargetLanguageCode {
  const lower = code.toLowerCase();
  if (lower === 'en') return 'en-US';
  if (lower === 'pt') return 'pt-BR';
  return (lower.startsWith('en-') || lower.startsWith('pt-') ? code : base(code)) as deepl.TargetLanguageCode;
}
