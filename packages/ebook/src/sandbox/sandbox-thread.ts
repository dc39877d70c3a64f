import { Worker } from 'node:worker_threads';
import { EbookError } from '../errors';
import type { SandboxReply, SandboxRequest } from './sandbox-protocol';
import type { SandboxSettings } from './sandbox-settings';

/**
 * One worker thread of the sandbox, with the heap limit of its settings; one request at a time,
 * each with the deadline. Once it has failed (deadline, out of memory, exit) it answers nothing more.
 */
export class SandboxThread {
  readonly settings: SandboxSettings;
  /** Books read by this thread so far (the pool retires it after a number of them). */
  uses = 0;
  readonly #worker: Worker;
  #pending: { resolve(reply: SandboxReply): void; reject(error: Error): void } | null = null;
  #ended: Error | null = null;

  constructor(settings: SandboxSettings) {
    this.settings = settings;
    this.#worker = spawn(settings);
    this.#worker.on('message', (reply: SandboxReply) => this.#settle(null, reply));
    this.#worker.on('error', (error) => this.#end(workerFailure(error, settings)));
    this.#worker.on('exit', () => this.#end(stopped('The book reader stopped unexpectedly')));
  }

  /** False once the thread failed or was stopped: it must not be used again. */
  get healthy(): boolean {
    return this.#ended === null;
  }

  /** An idle thread does not keep the process alive (a CLI command ends when its work is done). */
  idle(isIdle: boolean): void {
    if (isIdle) this.#worker.unref();
    else this.#worker.ref();
  }

  request(request: SandboxRequest, transfer: ArrayBuffer[] = []): Promise<SandboxReply> {
    if (this.#ended) return Promise.reject(this.#ended);
    const { seconds } = this.settings;
    return new Promise<SandboxReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#end(stopped(`Reading the book took longer than ${seconds} s`));
        void this.#worker.terminate();
      }, seconds * 1000);
      this.#pending = {
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.#worker.postMessage(request, transfer);
    }).then((reply) => {
      if (reply.type !== 'error') return reply;
      throw fromReply(reply.error);
    });
  }

  async stop(): Promise<void> {
    this.#end(stopped('The book sandbox is closed'));
    await this.#worker.terminate();
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
    this.#settle(this.#ended);
  }
}

function spawn(settings: SandboxSettings): Worker {
  const resourceLimits = {
    maxOldGenerationSizeMb: settings.memoryMb,
    maxYoungGenerationSizeMb: Math.min(16, Math.max(4, Math.floor(settings.memoryMb / 8))),
    stackSizeMb: 4,
  };
  if (!settings.workerUrl.pathname.endsWith('.ts')) return new Worker(settings.workerUrl, { resourceLimits });
  return new Worker(new URL('./load-ts-worker.mjs', import.meta.url), {
    resourceLimits,
    workerData: { entry: settings.workerUrl.href },
  });
}

function stopped(message: string): EbookError {
  return new EbookError('resource-limit', message);
}

function workerFailure(error: Error, settings: SandboxSettings): Error {
  if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
    return stopped(`Reading the book needs more than ${settings.memoryMb} MiB of memory`);
  // Anything else is the sandbox failing to start or a bug, not a verdict on the book.
  return error;
}

function fromReply(error: { name: string; code?: string; message: string; details?: unknown }): Error {
  if (error.code)
    return new EbookError(error.code as EbookError['code'], error.message, error.details as never);
  if (error.name === 'RangeError' && /call stack/i.test(error.message))
    return new EbookError('too-complex', 'The book is nested too deeply to read');
  return Object.assign(new Error(error.message), { name: error.name });
}
