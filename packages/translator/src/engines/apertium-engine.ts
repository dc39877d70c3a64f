import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Engine, TranslateBatch } from '../engine';
import { TranslatorError } from '../errors';
import { addUsage } from '../usage';
import { escapeProse, unescapeProse } from './escape-prose';
import { toIso3 } from './iso-639-3';

/**
 * Lists the installed Apertium pairs as [from, to] in Apertium's ISO 639-3 codes ("eng", "spa").
 * @example await apertiumPairs() // [['eng', 'spa'], ['spa', 'eng']]
 */
export async function apertiumPairs(command = 'apertium'): Promise<[string, string][]> {
  try {
    const { stdout } = await promisify(execFile)(command, ['-l']);
    return stdout
      .split('\n')
      .map((line) => line.trim().split('-'))
      .filter((p): p is [string, string] => p.length === 2 && Boolean(p[0]) && Boolean(p[1]));
  } catch {
    return [];
  }
}

/**
 * Whether the installed `pairs` translate `from` into `to` (BCP 47 codes such as 'en-GB'), with the
 * codes the engine gives Apertium when it runs.
 * @example apertiumHasPair([['eng', 'spa']], 'en-GB', 'es') // true
 */
export function apertiumHasPair(pairs: readonly [string, string][], from: string, to: string): boolean {
  const [a, b] = [toIso3(from), toIso3(to)];
  return pairs.some(([x, y]) => x === a && y === b);
}

/**
 * The local rule-based engine: one `apertium -f html` process per batch, blocks sent as
 * <div id="bN"> so their boundaries and our placeholders pass through as markup.
 * @example createApertiumEngine() // then translate({ blocks, from: 'en', to: 'es', usage })
 */
export function createApertiumEngine(options: { command?: string } = {}): Engine {
  const command = options.command ?? 'apertium';
  return {
    name: 'apertium',
    model: 'apertium',
    chunkTokens: 4000,
    understandsBrief: false,
    // Rules or a marker: the glossary changes nothing (engineFollowsGlossary).
    followsGlossary: false,
    async serves(from: string, to: string) {
      return apertiumHasPair(await apertiumPairs(command), from, to);
    },
    async translate(batch: TranslateBatch) {
      const pair = `${toIso3(batch.from)}-${toIso3(batch.to)}`;
      if (!apertiumHasPair(await apertiumPairs(command), batch.from, batch.to)) {
        throw new TranslatorError('unsupported_language', `apertium: the pair ${pair} is not installed`);
      }
      const keys = Object.keys(batch.blocks);
      const input = keys
        .map((k) => `<div id="b${k}">${escapeProse(batch.blocks[k] as string)}</div>`)
        .join('\n');
      // Unknown words come back marked (`*peeped`): the marks are taken out and the words told.
      const output = await run(command, ['-f', 'html', pair], input, batch.signal);
      addUsage(batch.usage, { requests: 1 });
      const result: Record<string, string> = {};
      for (const m of output.matchAll(/<div id="b([^"]+)">([\s\S]*?)<\/div>/g)) {
        const key = m[1] as string;
        const source = batch.blocks[key] ?? '';
        const marked = withoutUnknownMarks(unescapeProse(m[2] as string), source);
        if (marked.words.length) batch.onUnknownWords?.(key, marked.words);
        let text = marked.text;
        // Apertium adds spaces around format marks; keep the source's own edge whitespace.
        if (!/^\s/.test(source)) text = text.trimStart();
        if (!/\s$/.test(source)) text = text.trimEnd();
        result[key] = text;
      }
      return result;
    },
  };
}

/**
 * Apertium's reply without its unknown-word marks (`*peeped` -> `peeped`), and the words it marked
 * (each once, at most 20); an asterisk the source has before a word is kept.
 * @example withoutUnknownMarks('ella *peeped al libro', 'she peeped into the book') // { text: 'ella peeped al libro', words: ['peeped'] }
 */
export function withoutUnknownMarks(reply: string, source: string): { text: string; words: string[] } {
  const words = new Set<string>();
  const text = reply.replace(/\*(\p{L}[\p{L}\p{M}'’-]*)/gu, (mark, word: string) => {
    if (source.includes(mark)) return mark;
    if (words.size < 20) words.add(word);
    return word;
  });
  return { text, words: [...words] };
}

/**
 * Runs apertium on a temporary input file: its script opens /dev/stdin, which fails when stdin is
 * Node's socket pair rather than a pipe.
 */
async function run(command: string, args: string[], input: string, signal?: AbortSignal): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'apertium-'));
  const file = path.join(dir, 'input.html');
  await writeFile(file, input);
  try {
    return await new Promise((resolve, reject) => {
      const child = spawn(command, [...args, file], { signal, stdio: ['ignore', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (d: Buffer) => out.push(d));
      child.stderr.on('data', (d: Buffer) => err.push(d));
      child.on('error', (error) => {
        const code = signal?.aborted ? 'aborted' : 'engine_unavailable';
        reject(new TranslatorError(code, `apertium: ${error.message}`, { cause: error }));
      });
      child.on('close', (code) => {
        if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
        else {
          const message = Buffer.concat(err).toString('utf8').slice(0, 300);
          reject(new TranslatorError('engine_unavailable', `apertium exited with ${code}: ${message}`));
        }
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
