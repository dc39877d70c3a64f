const BAR = 'animate-pulse rounded bg-slate-200 dark:bg-slate-700';

/**
 * Stand-ins for the book cards while the library loads, in the view's own layout (cover, title,
 * author, chips), so the page has its shape at once and nothing jumps when the books arrive.
 */
export function LibrarySkeleton({ view }: { view: 'grid' | 'list' }) {
  const count = view === 'grid' ? 3 : 2;
  return (
    <div role="status" aria-busy="true" aria-label="Loading your books" className="mt-6">
      <ul
        aria-hidden="true"
        className={`grid grid-cols-1 gap-4 ${view === 'grid' ? 'sm:grid-cols-2 lg:grid-cols-3' : ''}`}
      >
        {Array.from({ length: count }, (_, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed stand-ins that never reorder
            key={i}
            data-testid="book-skeleton"
            className={`flex gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800 ${view === 'grid' ? 'flex-col' : 'items-start'}`}
          >
            <div className="flex min-w-0 flex-1 gap-4">
              <div className={`h-24 w-16 shrink-0 ${BAR}`} />
              <div className="min-w-0 flex-1 space-y-2 pt-1">
                <div className={`h-4 w-3/4 ${BAR}`} />
                <div className={`h-3 w-1/2 ${BAR}`} />
                <div className={`h-3 w-1/3 ${BAR}`} />
              </div>
            </div>
            <div className="flex gap-1.5">
              <div className={`h-6 w-16 rounded-full ${BAR}`} />
              <div className={`h-6 w-16 rounded-full ${BAR}`} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
