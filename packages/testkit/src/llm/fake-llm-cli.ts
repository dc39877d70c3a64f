import { parseArgs } from 'node:util';
import type { FakeLlmOptions } from './fake-llm-options';
import { startFakeLlm } from './start-fake-llm';

const NUMBER_FLAGS: Record<string, keyof FakeLlmOptions> = {
  port: 'port',
  'latency-ms': 'latencyMs',
  'ms-per-output-token': 'msPerOutputToken',
  'max-concurrency': 'maxConcurrency',
  rpm: 'rpm',
  'fail-rate': 'failRate',
  'timeout-rate': 'timeoutRate',
  'drop-rate': 'dropRate',
  'chatter-rate': 'chatterRate',
  'identical-rate': 'identicalRate',
  'block-chatter-rate': 'blockChatterRate',
  'refusal-rate': 'refusalRate',
  seed: 'seed',
  'max-context-tokens': 'maxContextTokens',
  'retry-after-seconds': 'retryAfterSeconds',
  'batch-delay-ms': 'batchDelayMs',
  'batch-fail-rate': 'batchFailRate',
  'batch-expire': 'batchExpire',
  'batch-max-requests': 'batchMaxRequests',
  'flex-latency-ms': 'flexLatencyMs',
  'flex-unavailable-rate': 'flexUnavailableRate',
};

/**
 * Parses the bin's flags into options; throws on a flag that is not a finite number.
 * @example parseFakeLlmArgs(['--port', '8080', '--fail-rate', '0.1']) // { port: 8080, failRate: 0.1 }
 */
export function parseFakeLlmArgs(args: string[]): FakeLlmOptions {
  const spec = Object.fromEntries(
    Object.keys(NUMBER_FLAGS).map((flag) => [flag, { type: 'string' as const }]),
  );
  const values: Record<string, string | boolean | undefined> = parseArgs({
    args,
    options: { ...spec, 'api-key': { type: 'string' }, 'two-way-terms': { type: 'string' } },
    strict: true,
  }).values;
  const options: Record<string, unknown> = {};
  for (const [flag, key] of Object.entries(NUMBER_FLAGS)) {
    const raw = values[flag];
    if (typeof raw !== 'string') continue;
    const value = Number(raw);
    if (!Number.isFinite(value)) throw new Error(`--${flag} must be a number, got "${raw}"`);
    options[key] = value;
  }
  if (typeof values['api-key'] === 'string') options.apiKey = values['api-key'];
  if (typeof values['two-way-terms'] === 'string') options.twoWayTerms = values['two-way-terms'].split(',');
  return options as FakeLlmOptions;
}

/** What `--help` prints: every flag of the bin. */
export const FAKE_LLM_USAGE = `Usage: npm run fake-llm -- [options]

An OpenAI-compatible chat-completions server (with the Files and Batch APIs and the flex tier)
for tests and benchmarks; it "translates" by reversing words, and can be slow, rate-limited or
faulty on purpose. Stats at /stats.

Options (numbers):
${Object.keys(NUMBER_FLAGS)
  .map((flag) => `  --${flag} <n>`)
  .join('\n')}
  --api-key <key>     the bearer token it expects (default: any)
  -h, --help          this text`;

/** Runs the bin: --help prints the usage; a bad flag is one line on stderr and exit code 2. */
async function main(args: string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(FAKE_LLM_USAGE);
    return;
  }
  let options: FakeLlmOptions;
  try {
    options = parseFakeLlmArgs(args);
  } catch (error) {
    console.error(`${(error as Error).message}\nRun with --help to see the options.`);
    process.exitCode = 2;
    return;
  }
  const llm = await startFakeLlm(options);
  console.log(`fake LLM listening on ${llm.baseURL} (stats at ${llm.url}/stats)`);
  const stop = () => void llm.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}` || process.env.BOOKTRANSLATE_FAKE_LLM_MAIN === '1') {
  await main(process.argv.slice(2));
}
