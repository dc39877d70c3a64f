import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../auth/AuthContext';
import { useTuckOnScroll } from '../hooks/useTuckOnScroll';
import { SupportForm } from './SupportForm';

/** The round 'Need help?' button on every screen, opening the support panel. */
export function SupportWidget() {
  const [open, setOpen] = useState(false);
  const { user } = useAuth();
  const panel = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const tucked = useTuckOnScroll(box, open);

  // The panel sits before the button in the page order: focus moves into it on open, and Escape
  // closes it and gives focus back to the button.
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('input:not([readonly]):not([disabled]), textarea')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !panel.current?.contains(document.activeElement)) return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div ref={box} className="fixed right-4 bottom-4 z-40">
      {open && (
        <section
          ref={panel}
          aria-label="Need Help?"
          className="mb-3 w-[min(22rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-4 shadow-2xl dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="mb-3 flex items-center justify-between">
            <h2 className="text-lg font-semibold">Need Help?</h2>
            <button
              type="button"
              aria-label="Close support form"
              onClick={() => setOpen(false)}
              className="rounded p-1 hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              ✕
            </button>
          </div>
          <SupportForm user={user} />
        </section>
      )}
      <button
        ref={button}
        type="button"
        title="Need help?"
        aria-label="Need help?"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-tucked={tucked || undefined}
        className={`ml-auto flex h-12 w-12 items-center justify-center rounded-full bg-indigo-600 text-2xl text-white shadow-lg transition hover:bg-indigo-700 focus:translate-y-0 focus:opacity-100 sm:h-14 sm:w-14 motion-reduce:transition-none ${tucked ? 'pointer-events-none translate-y-20 opacity-0' : ''}`}
      >
        ?
      </button>
    </div>
  );
}
