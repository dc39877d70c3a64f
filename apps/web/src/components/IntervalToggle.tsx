export type Interval = 'month' | 'year';

/** Monthly/yearly switch used by the landing pricing and the billing page. */
export function IntervalToggle({ value, onChange }: { value: Interval; onChange: (v: Interval) => void }) {
  const option = (v: Interval, label: string) => (
    <button
      type="button"
      aria-pressed={value === v}
      onClick={() => onChange(v)}
      className={`rounded-full px-4 py-1.5 text-sm font-medium ${value === v ? 'bg-indigo-600 text-white' : 'text-slate-700 dark:text-slate-200'}`}
    >
      {label}
    </button>
  );
  return (
    <fieldset className="inline-flex rounded-full border border-slate-300 p-1 dark:border-slate-600">
      <legend className="sr-only">Billing interval</legend>
      {option('month', 'Monthly')}
      {option('year', 'Yearly')}
    </fieldset>
  );
}
