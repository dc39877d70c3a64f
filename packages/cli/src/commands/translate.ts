import { readFile, writeFile } from 'node:fs/promises';
import type { BookFormat } from '@booktranslate/ebook';
import { openBookSandbox } from '@booktranslate/ebook/sandbox';
import {
  createEngine,
  type EngineName,
  engineNames,
  isTranslatorError,
  type ReasoningEffort,
  reasoningEfforts,
  type TranslationProgress,
  type TranslationReport,
  translateBook,
} from '@booktranslate/translator';
import { type Command, EXIT, UsageError } from '../command';
import { writtenFormatOf, writtenFormats } from '../output-format';
import { parseCommandArgs } from '../parse-command-args';

/** Exit code when the translation engine fails (bad key, quota, outage, blocks left untranslated). */
const ENGINE_FAILED = 4;

/** The flags `parseArgs` accepts; their values are typed from this. */
const OPTIONS = {
  output: { type: 'string', short: 'o' },
  to: { type: 'string' },
  from: { type: 'string' },
  engine: { type: 'string' },
  model: { type: 'string' },
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  concurrency: { type: 'string' },
  bilingual: { type: 'boolean' },
  'word-limit': { type: 'string' },
  stats: { type: 'string' },
  report: { type: 'string' },
  'reasoning-effort': { type: 'string' },
} as const;

/** `booktranslate translate IN -o OUT --to LANG [...]`. */
const translate: Command = {
  name: 'translate',
  summary: 'translate a book with an LLM, DeepL, Apertium or the demo engine',
  usage:
    'booktranslate translate IN -o OUT --to LANG [--from LANG] [--engine openai|anthropic|gemini|deepl|apertium|demo] ' +
    '[--model M] [--base-url U] [--api-key K] [--concurrency N] [--bilingual] [--word-limit N] [--stats FILE] [--report FILE] [--reasoning-effort none|minimal|low|medium|high|provider]',
  async run(args, io) {
    const { values, input } = parseCommandArgs(args, OPTIONS, 'input file');
    if (!values.output) throw new UsageError('missing -o OUT');
    if (!values.to) throw new UsageError('missing --to LANG');
    const format = outputFormat(values.output);
    const engineName = chooseEngine(values);
    const concurrency = positiveInt(values.concurrency, '--concurrency') ?? 8;
    const wordLimit = positiveInt(values['word-limit'], '--word-limit');
    const engine = createEngine({
      engine: engineName,
      model: values.model,
      baseUrl: values['base-url'],
      apiKey: values['api-key'] ?? keyFromEnvironment(engineName),
      reasoningEffort: reasoningEffortOf(values['reasoning-effort']),
    });
    if (engine.name === 'demo')
      io.stderr('demo engine: no translation engine configured, the output is not a translation\n');
    // The book is read, and later written, in a child process with a memory and time budget.
    const sandbox = await openBookSandbox(await readFile(input), { filename: input });
    const { book } = sandbox;

    const controller = new AbortController();
    const stop = () => controller.abort();
    process.once('SIGINT', stop);
    const bar = progressBar(io.stderr, Boolean(process.stderr.isTTY));
    try {
      const { book: translated, report } = await translateBook(book, {
        engine,
        to: values.to,
        from: values.from,
        concurrency,
        wordLimit,
        signal: controller.signal,
        onProgress: bar,
      });
      bar.finish();
      const notice = report.wordLimit
        ? `Only the first ${report.wordLimit} words of this book were translated.`
        : undefined;
      const bytes = await sandbox.write(translated, format, {
        layout: values.bilingual ? 'bilingual' : 'translated',
        ...(notice ? { notice } : {}),
      });
      await writeFile(values.output, bytes);
      if (values.stats) await writeFile(values.stats, `${JSON.stringify(statsOf(report), null, 2)}\n`);
      if (values.report) await writeFile(values.report, `${JSON.stringify(report.qa, null, 2)}\n`);
      io.stderr(summary(report, values.output));
      return report.failedBlocks.length ? ENGINE_FAILED : EXIT.ok;
    } catch (error) {
      bar.finish();
      if (!isTranslatorError(error)) throw error;
      io.stderr(`booktranslate translate: ${error.code}: ${error.message}\n`);
      return ENGINE_FAILED;
    } finally {
      process.removeListener('SIGINT', stop);
      await sandbox.close();
    }
  },
};

type Values = ReturnType<typeof parseCommandArgs<typeof OPTIONS>>['values'];

/** No --engine: an endpoint or key means an OpenAI-compatible model, nothing at all means the demo. */
function chooseEngine(values: Values): EngineName {
  const name = values.engine ?? (values['base-url'] || values['api-key'] ? 'openai' : 'demo');
  if (!engineNames.includes(name as EngineName))
    throw new UsageError(`--engine must be one of ${engineNames.join(', ')}`);
  return name as EngineName;
}

function keyFromEnvironment(engine: EngineName): string | undefined {
  const variable = {
    openai: 'OPENAI_API_KEY',
    anthropic: 'ANTHROPIC_API_KEY',
    gemini: 'GEMINI_API_KEY',
    deepl: 'DEEPL_API_KEY',
  }[engine as string];
  return variable ? process.env[variable] : undefined;
}

function reasoningEffortOf(value: string | undefined): ReasoningEffort | undefined {
  if (value === undefined) return undefined;
  if (!reasoningEfforts.includes(value as ReasoningEffort))
    throw new UsageError(`--reasoning-effort must be one of ${reasoningEfforts.join(', ')}`);
  return value as ReasoningEffort;
}

function positiveInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`${flag} must be a positive whole number`);
  return n;
}

function outputFormat(output: string): BookFormat {
  const format = writtenFormatOf({ name: output });
  if (!format)
    throw new UsageError(`OUT must end in ${writtenFormats.map((f) => f.extensions[0]).join(', ')}`);
  return format;
}

function statsOf(report: TranslationReport) {
  return {
    requests: report.usage.requests,
    input_tokens: report.usage.inputTokens,
    output_tokens: report.usage.outputTokens,
    reasoning_tokens: report.usage.reasoningTokens ?? 0,
    source_tokens: report.sourceTokens,
    chunks: report.chunks,
    blocks: report.blocks,
    retries: report.retries,
    failed_blocks: report.failedBlocks.length,
    seconds: Math.round(report.seconds * 1000) / 1000,
  };
}

function summary(report: TranslationReport, output: string): string {
  const lines = [
    `wrote ${output}: ${report.translatedBlocks}/${report.blocks} blocks ${report.from} -> ${report.to} with ${report.engine} (${report.model}), ${report.usage.requests} requests, ${report.seconds.toFixed(1)} s`,
    `source language ${report.from}: ${report.fromReason}`,
  ];
  lines.push(`quality: ${report.qa.summary}`);
  for (const failure of report.failedBlocks.slice(0, 10)) {
    lines.push(`  untranslated ${failure.blockId}: ${failure.code}: ${failure.message}`);
  }
  if (report.failedBlocks.length)
    lines.push(`${report.failedBlocks.length} blocks were left in the source language`);
  return `${lines.join('\n')}\n`;
}

/** A one-line bar redrawn in place on a terminal; nothing when stderr is a file or a pipe. */
function progressBar(write: (text: string) => void, tty: boolean) {
  let drawn = false;
  const update = (p: TranslationProgress) => {
    if (!tty) return;
    const ratio = p.wordsTotal ? p.wordsDone / p.wordsTotal : 0;
    const filled = Math.round(ratio * 30);
    const where = p.phase === 'analyzing' ? 'analyzing the book' : (p.chapterTitle ?? p.chapterId ?? '');
    write(
      `\r[${'#'.repeat(filled)}${'.'.repeat(30 - filled)}] ${Math.round(ratio * 100)}% ${p.wordsDone}/${p.wordsTotal} words ${where.slice(0, 30).padEnd(30)}`,
    );
    drawn = true;
  };
  return Object.assign(update, {
    finish() {
      if (drawn) write('\n');
      drawn = false;
    },
  });
}

export default translate;
