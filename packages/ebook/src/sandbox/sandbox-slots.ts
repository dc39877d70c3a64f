import { sandboxSettings } from './sandbox-settings';

let open = 0;
const waiting: (() => void)[] = [];

/**
 * Waits for one of the process's sandbox slots; the returned function gives it back. A flood of
 * uploads queues here instead of starting a worker (and its heap) each.
 */
export async function takeSandboxSlot(): Promise<() => void> {
  if (open >= sandboxSettings().concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
  else open++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = waiting.shift();
    if (next) next();
    else open--;
  };
}
