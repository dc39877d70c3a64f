import { SandboxChild } from './sandbox-child';
import { type SandboxLane, sandboxSettings } from './sandbox-settings';
import { takeSandboxSlot } from './sandbox-slots';
import type { WarmHint } from './warm-formats';

// Starting a child and loading the readers into it costs more than reading a novel: healthy
// children are kept for the next book, up to this many books each (a fresh heap now and then).
const MAX_USES = 50;
const idle: SandboxChild[] = [];
const IDLE_HEAP_BYTES = 128 * 1024 * 1024;

/** A child for one book: a slot of its lane first, then an idle child with today's settings, or a new one. */
export async function acquireChild(
  lane: SandboxLane = 'default',
): Promise<{ child: SandboxChild; release(): Promise<void> }> {
  const freeSlot = await takeSandboxSlot(lane);
  const settings = sandboxSettings();
  let child = idle.pop();
  while (child && (!child.healthy || child.settings !== settings)) {
    await child.stop();
    child = idle.pop();
  }
  child ??= new SandboxChild(settings);
  child.idle(false);
  child.uses++;
  const chosen = child;
  let released = false;
  return {
    child: chosen,
    async release() {
      if (released) return;
      released = true;
      // A child that failed (deadline, heap, killed) is gone; a refusal leaves it healthy.
      const keep = chosen.healthy && chosen.uses < MAX_USES && chosen.settings === sandboxSettings();
      // A heap grown by a large book stays that large while idle: such a child is retired instead.
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

/**
 * Starts a child now, idle in the pool, for the next book: a command that will read one book forks
 * it before loading its own code, so the two start side by side. The child loads the reader and
 * writer `warm` names. A child not used by the time the process ends goes with it.
 * @example prestartSandbox({ read: 'in.txt', write: 'out.epub' })
 */
export function prestartSandbox(warm: WarmHint = {}): void {
  const child = new SandboxChild(sandboxSettings(), warm);
  child.idle(true);
  idle.push(child);
}
