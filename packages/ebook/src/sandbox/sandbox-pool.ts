import { sandboxSettings } from './sandbox-settings';
import { takeSandboxSlot } from './sandbox-slots';
import { SandboxThread } from './sandbox-thread';

// Starting a thread and loading the readers into it costs more than reading a novel: healthy
// threads are kept for the next book, up to this many books each (a fresh heap now and then).
const MAX_USES = 50;
const idle: SandboxThread[] = [];
const IDLE_HEAP_BYTES = 128 * 1024 * 1024;

/** A thread for one book: a process slot first, then an idle thread with today's settings, or a new one. */
export async function acquireThread(): Promise<{ thread: SandboxThread; release(): Promise<void> }> {
  const freeSlot = await takeSandboxSlot();
  const settings = sandboxSettings();
  let thread = idle.pop();
  while (thread && (!thread.healthy || thread.settings !== settings)) {
    await thread.stop();
    thread = idle.pop();
  }
  thread ??= new SandboxThread(settings);
  thread.idle(false);
  thread.uses++;
  const chosen = thread;
  let released = false;
  return {
    thread: chosen,
    async release() {
      if (released) return;
      released = true;
      // A thread that failed (deadline, heap, crash) is gone; a refusal leaves it healthy.
      const keep = chosen.healthy && chosen.uses < MAX_USES && chosen.settings === sandboxSettings();
      // A heap grown by a large book stays that large while idle: such a thread is retired instead.
      const reset = keep ? await chosen.request({ type: 'reset' }).catch(() => null) : null;
      const heapBytes = reset?.type === 'reset' ? reset.heapBytes : Number.POSITIVE_INFINITY;
      if (keep && chosen.healthy && heapBytes <= IDLE_HEAP_BYTES) {
        chosen.idle(true);
        idle.push(chosen);
      } else await chosen.stop();
      freeSlot();
    },
  };
}
