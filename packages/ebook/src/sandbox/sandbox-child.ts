import { type ChildProcess, type ForkOptions, fork } from 'node:child_process';
import module from 'node:module';
import path from 'node:path';
import { EbookError } from '../errors';
import type { SandboxReply, SandboxRequest } from './sandbox-protocol';
import type { SandboxSettings } from './sandbox-settings';
import type { WarmHint } from './warm-formats';

/** What the child's standard error keeps for a failure's message: V8's last words, not a log. */
const STDERR_TAIL = 4096;
/** Starting a child and loading the readers takes well under a second; past this it is broken. */
const START_SECONDS = 30;

type Handle = { ref(): void; unref(): void } | null | undefined;

/**
 * One child process of the sandbox, with the heap limit of its settings; one request at a time,
 * each with the deadline. A child that dies (out of memory, a signal, the deadline's kill) takes
 * only its own book with it: the request fails with EbookError 'resource-limit' and the child
 * answers nothing more. A worker thread could not promise that: V8 aborts the whole process when
 * a thread's heap runs out inside some native allocations.
 */
export class SandboxChild {
  readonly settings: SandboxSettings;
  /** Books read by this child so far (the pool retires it after a number of them). */
  uses = 0;
  readonly #child: ChildProcess;
  readonly #ready: Promise<void>;
  #started = false;
  #failStart: (error: Error) => void = () => {};
  #stderr = '';
  #pending: { resolve(reply: SandboxReply): void; reject(error: Error): void } | null = null;
  #ended: Error | null = null;

  /** `warm` names the formats the first book will likely need: the child loads them while it waits. */
  constructor(settings: SandboxSettings, warm: WarmHint = {}) {
    this.settings = settings;
    this.#child = spawn(settings, warm);
    let markReady = () => {};
    this.#ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      this.#failStart = reject;
    });
    // Nobody may be waiting yet; the failure reaches the first request instead.
    this.#ready.catch(() => {});
    this.#child.stderr?.setEncoding('utf8');
    this.#child.stderr?.on('data', (text: string) => {
      this.#stderr = (this.#stderr + text).slice(-STDERR_TAIL);
    });
    this.#child.on('message', (reply: SandboxReply) => {
      if (reply.type !== 'ready') return this.#settle(null, reply);
      this.#started = true;
      markReady();
    });
    this.#child.on('error', (error) => this.#end(error));
    this.#child.on('exit', (code, signal) => this.#end(this.#death(code, signal)));
  }

  /** False once the child failed or was stopped: it must not be used again. */
  get healthy(): boolean {
    return this.#ended === null;
  }

  /** An idle child does not keep the process alive (a CLI command ends when its work is done). */
  idle(isIdle: boolean): void {
    const handles: Handle[] = [this.#child, this.#child.channel, this.#child.stderr as unknown as Handle];
    for (const handle of handles) {
      if (isIdle) handle?.unref();
      else handle?.ref();
    }
  }

  /** Sends one request; the child is killed unless it answers within `seconds` (default: the settings'). */
  async request(request: SandboxRequest, seconds = this.settings.seconds): Promise<SandboxReply> {
    await this.#start();
    if (this.#ended) throw this.#ended;
    const timer = setTimeout(() => {
      this.#end(stopped(`Reading the book took longer than ${seconds} s`));
      this.#child.kill('SIGKILL');
    }, seconds * 1000);
    try {
      const reply = await new Promise<SandboxReply>((resolve, reject) => {
        this.#pending = { resolve, reject };
        // A child that went away while a message was on its way is killed for sure: its exit, with
        // V8's last words, settles the request as the book's failure, not as a broken pipe.
        if (!this.#child.connected) return void this.#child.kill('SIGKILL');
        try {
          this.#child.send(request, (error) => {
            if (error) this.#child.kill('SIGKILL');
          });
        } catch (error) {
          // A value the channel cannot carry: the caller's mistake, and the child is still fine.
          this.#pending = null;
          reject(error as Error);
        }
      });
      if (reply.type === 'error') throw fromReply(reply.error);
      return reply;
    } finally {
      clearTimeout(timer);
    }
  }

  async stop(): Promise<void> {
    this.#end(stopped('The book sandbox is closed'));
    if (this.#child.exitCode !== null || this.#child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.#child.once('exit', resolve));
    this.#child.kill('SIGKILL');
    await exited;
  }

  /** Waits for the child to say it listens: the deadline counts the book's work, not the start. */
  async #start(): Promise<void> {
    if (this.#started) return;
    const timer = setTimeout(() => {
      this.#end(new Error(`The book sandbox did not start within ${START_SECONDS} s`));
      this.#child.kill('SIGKILL');
    }, START_SECONDS * 1000);
    try {
      await this.#ready;
    } finally {
      clearTimeout(timer);
    }
  }

  #settle(error: Error | null, reply?: SandboxReply): void {
    const pending = this.#pending;
    this.#pending = null;
    if (!pending) return;
    if (error) pending.reject(error);
    else pending.resolve(reply as SandboxReply);
  }

  #end(error: Error): void {
    this.#ended ??= error;
    this.#failStart(this.#ended);
    this.#settle(this.#ended);
  }

  /** Why the child is gone, as the caller should hear it. */
  #death(code: number | null, signal: NodeJS.Signals | null): Error {
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    if (/heap out of memory|reached heap limit/i.test(this.#stderr))
      return stopped(`Reading the book needs more than ${this.settings.memoryMb} MiB of memory`);
    // Dying before it could listen is the sandbox failing to start, not a verdict on a book.
    if (!this.#started) return new Error(`The book sandbox did not start (${how}): ${this.#stderr.trim()}`);
    return stopped(`The book reader stopped while reading the book (${how})`);
  }
}

function spawn(settings: SandboxSettings, warm: WarmHint): ChildProcess {
  // Only these flags: the parent's own (an inspector, its heap size, a loader) are not the child's.
  const execArgv = [
    `--max-old-space-size=${settings.memoryMb}`,
    `--max-semi-space-size=${Math.min(16, Math.max(1, Math.floor(settings.memoryMb / 16)))}`,
  ];
  // The parent's on-disk code cache (the CLI switches it on) spares the child compiling the readers.
  const cache = module.getCompileCacheDir?.();
  const options: ForkOptions = {
    execArgv,
    ...(cache ? { env: { ...process.env, NODE_COMPILE_CACHE: path.dirname(cache) } } : {}),
    // Structured clone over the channel: Uint8Array and the Book's plain objects cross as they are.
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  };
  const args = Object.entries(warm).map(([kind, name]) => `--warm-${kind}=${name}`);
  const entry = settings.workerUrl;
  if (!entry.pathname.endsWith('.ts')) return fork(entry, args, options);
  return fork(new URL('./load-ts-child.mjs', import.meta.url), [entry.href, ...args], options);
}

function stopped(message: string): EbookError {
  return new EbookError('resource-limit', message);
}

function fromReply(error: { name: string; code?: string; message: string; details?: unknown }): Error {
  if (error.code)
    return new EbookError(error.code as EbookError['code'], error.message, error.details as never);
  if (error.name === 'RangeError' && /call stack/i.test(error.message))
    return new EbookError('too-complex', 'The book is nested too deeply to read');
  return Object.assign(new Error(error.message), { name: error.name });
}
