import { useEffect } from 'react';

/** Bottom-right notice that hides itself after 3 seconds. */
export function Toast({ message, onDone }: { message: string | null; onDone: () => void }) {
  useEffect(() => {
    if (!message) return;
    const t = setTimeout(onDone, 3000);
    return () => clearTimeout(t);
  }, [message, onDone]);
  // The live region stays mounted so screen readers announce the message when it appears
  // (a region inserted together with its text is often not read).
  return (
    <div role="status" aria-live="polite" className="fixed right-4 bottom-24 z-40">
      {message && (
        <p className="rounded-lg bg-emerald-600 px-4 py-3 text-sm font-medium text-white shadow-lg">
          {message}
        </p>
      )}
    </div>
  );
}
