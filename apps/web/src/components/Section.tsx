import type { ReactNode } from 'react';

/**
 * A bordered section of a settings or billing page, named by its heading (`aria-labelledby`), so
 * screen readers list it as a region; the billing page's cards are rounder.
 */
export function Section({
  id,
  title,
  round = 'rounded-xl',
  children,
}: {
  id: string;
  title: string;
  round?: 'rounded-xl' | 'rounded-2xl';
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`${round} border border-slate-200 p-6 dark:border-slate-800`}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
