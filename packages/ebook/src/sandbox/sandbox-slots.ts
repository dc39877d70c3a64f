import { type SandboxLane, sandboxSettings } from './sandbox-settings';

interface Lane {
  open: number;
  waiting: (() => void)[];
}

const lanes: Record<SandboxLane, Lane> = {
  default: { open: 0, waiting: [] },
  quote: { open: 0, waiting: [] },
};

function capacity(lane: SandboxLane): number {
  const settings = sandboxSettings();
  return lane === 'quote' ? settings.quoteConcurrency : settings.concurrency;
}

/**
 * Waits for one of the process's sandbox slots in `lane`; the returned function gives it back. A
 * flood of uploads queues here instead of starting a child (and its heap) each, and a flood of
 * quotes queues in its own lane, never ahead of an upload or a pipeline step.
 */
export async function takeSandboxSlot(lane: SandboxLane = 'default'): Promise<() => void> {
  const slots = lanes[lane];
  if (slots.open >= capacity(lane)) await new Promise<void>((resolve) => slots.waiting.push(resolve));
  else slots.open++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = slots.waiting.shift();
    if (next) next();
    else slots.open--;
  };
}
