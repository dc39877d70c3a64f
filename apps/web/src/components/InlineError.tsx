import type { ReactNode } from 'react';

/** A failure under the control it belongs to (a download, a send), read out as it appears. */
export function InlineError({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
      {children}
    </p>
  );
}
