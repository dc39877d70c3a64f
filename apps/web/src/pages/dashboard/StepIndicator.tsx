/**
 * The upload wizard's numbered steps. On a phone the three stand side by side as columns, each label
 * under its number, so the row never wraps at 390 px; from `sm` up, label beside number.
 */
export function StepIndicator({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <ol
      aria-label="Upload steps"
      className="mb-6 grid grid-cols-3 gap-2 text-xs sm:flex sm:gap-x-6 sm:text-sm"
    >
      {steps.map((label, i) => (
        <li
          key={label}
          aria-current={current === i + 1 ? 'step' : undefined}
          className={`flex min-w-0 flex-col items-center gap-1 text-center sm:flex-row sm:gap-2 sm:text-left ${current === i + 1 ? 'font-semibold text-indigo-600 dark:text-indigo-400' : 'text-slate-600 dark:text-slate-400'}`}
        >
          <span
            className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full border ${current >= i + 1 ? 'border-indigo-600' : 'border-slate-300 dark:border-slate-600'}`}
          >
            {i + 1}
          </span>
          <span className="whitespace-nowrap">{label}</span>
        </li>
      ))}
    </ol>
  );
}
