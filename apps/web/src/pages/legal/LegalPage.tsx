import type { ReactNode } from 'react';

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_p]:mt-3 [&_p]:text-slate-700 dark:[&_p]:text-slate-300">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">Last updated: January 1, 2025</p>
      {children}
    </article>
  );
}
