import { clampProgress } from '../lib/status';

export function ProgressBar({ value, label }: { value: number; label: string }) {
  const v = clampProgress(value);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={v}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
    >
      <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${v}%` }} />
    </div>
  );
}
