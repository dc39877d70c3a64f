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

if (import.meta.url === `file://${process.argv[1]}` || process.env.BOOKTRANSLATE_FAKE_LLM_MAIN === '1') {
  const llm = await startFakeLlm(parseFakeLlmArgs(process.argv.slice(2)));
  console.log(`fake LLM listening on ${llm.baseURL} (stats at ${llm.url}/stats)`);
  const stop = () => void llm.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
