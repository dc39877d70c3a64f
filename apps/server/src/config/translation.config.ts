import { z } from 'zod';
import { integer, optionalString, optionalUrl, urlWithDefault } from './env-values';

export const translationEngines = [
  'auto',
  'openai',
  'anthropic',
  'gemini',
  'deepl',
  'apertium',
  'demo',
] as const;

/** Translation providers. `auto` picks the first configured provider, else Apertium, else the demo engine. */
export const translationConfig = z
  .object({
    TRANSLATION_ENGINE: z.enum(translationEngines).default('auto'),
    OPENAI_BASE_URL: urlWithDefault('https://api.openai.com/v1'),
    OPENAI_API_KEY: optionalString(),
    OPENAI_MODEL: optionalString().transform((value) => value ?? 'gpt-6-luna'),
    ANTHROPIC_API_KEY: optionalString(),
    // Unset: the provider's own endpoint (a proxy or a test peer otherwise).
    ANTHROPIC_BASE_URL: optionalUrl(),
    // Unset: the engine's default model (claude-sonnet-5-5, gemini-3.5-flash; decision 307).
    ANTHROPIC_MODEL: optionalString(),
    GEMINI_API_KEY: optionalString(),
    GEMINI_BASE_URL: optionalUrl(),
    GEMINI_MODEL: optionalString(),
    DEEPL_API_KEY: optionalString(),
    // Unset: the least thinking the provider allows for the model (decision 171).
    TRANSLATION_REASONING_EFFORT: z.enum(['none', 'minimal', 'low', 'medium', 'high', 'provider']).optional(),
    TRANSLATION_CONCURRENCY: integer(32, 1, 256),
    // The most one translation may ask of a paid provider, retries and glossary re-translation
    // included (decision 131): base + per-word allowances over the words the credit covers.
    TRANSLATION_SPEND_BASE_REQUESTS: integer(100, 1, 1_000_000),
    TRANSLATION_SPEND_REQUESTS_PER_1000_WORDS: integer(40, 0, 100_000),
    TRANSLATION_SPEND_TOKENS_PER_WORD: integer(24, 1, 100_000),
    // Single passages the reader may have translated again, per translation (free, decision 200).
    PASSAGE_RETRANSLATIONS_PER_TRANSLATION: integer(50, 0, 10_000),
    PASSAGE_CHANGES_PER_MINUTE: integer(120, 1, 100_000),
    // Downloads of translated files per user and minute: one after edits rewrites the files (decision 216).
    DOWNLOADS_PER_MINUTE: integer(20, 1, 100_000),
    // Hours a translation waits for its glossary review after its last change; then it stops and
    // its credit comes back (decision 280).
    GLOSSARY_REVIEW_HOURS: integer(168, 1, 24 * 365),
    // The economy lane (decision 291): `batch` sends chunks to the provider's batch API, `flex` runs
    // them at OpenAI's flex tier; past the deadline what is unfinished goes to the standard lane.
    ECONOMY_LANE: z.enum(['off', 'batch', 'flex']).default('off'),
    ECONOMY_DEADLINE_HOURS: integer(24, 1, 24 * 7),
    ECONOMY_POLL_SECONDS: integer(60, 1, 3600),
    ECONOMY_BATCH_REQUESTS: integer(1000, 1, 50_000),
  })
  .transform((env) => ({
    translation: {
      engine: env.TRANSLATION_ENGINE,
      openai: { baseUrl: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY, model: env.OPENAI_MODEL },
      anthropic: {
        apiKey: env.ANTHROPIC_API_KEY,
        baseUrl: env.ANTHROPIC_BASE_URL,
        model: env.ANTHROPIC_MODEL,
      },
      gemini: { apiKey: env.GEMINI_API_KEY, baseUrl: env.GEMINI_BASE_URL, model: env.GEMINI_MODEL },
      reasoningEffort: env.TRANSLATION_REASONING_EFFORT,
      deepl: { apiKey: env.DEEPL_API_KEY },
      /** Provider requests in flight per worker process (the pipeline's chunk jobs share them). */
      concurrency: env.TRANSLATION_CONCURRENCY,
      spendCeiling: {
        baseRequests: env.TRANSLATION_SPEND_BASE_REQUESTS,
        requestsPer1000Words: env.TRANSLATION_SPEND_REQUESTS_PER_1000_WORDS,
        tokensPerWord: env.TRANSLATION_SPEND_TOKENS_PER_WORD,
      },
      passageRetranslations: env.PASSAGE_RETRANSLATIONS_PER_TRANSLATION,
      passageChangesPerMinute: env.PASSAGE_CHANGES_PER_MINUTE,
      downloadsPerMinute: env.DOWNLOADS_PER_MINUTE,
      glossaryReviewHours: env.GLOSSARY_REVIEW_HOURS,
      economy: {
        lane: env.ECONOMY_LANE,
        deadlineHours: env.ECONOMY_DEADLINE_HOURS,
        pollSeconds: env.ECONOMY_POLL_SECONDS,
        maxRequests: env.ECONOMY_BATCH_REQUESTS,
      },
    },
  }));
