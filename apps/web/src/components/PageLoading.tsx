import { Spinner } from './Spinner';

/** Full-height loading message; reserves the space so nothing jumps when the page arrives. */
export function PageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div
      role="status"
      className="flex min-h-[60vh] items-center justify-center gap-3 text-slate-600 dark:text-slate-300"
    >
      <Spinner className="h-6 w-6" />
      <span>{label}</span>
    </div>
  );
}
