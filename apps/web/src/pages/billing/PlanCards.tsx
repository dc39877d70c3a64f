import type { Plan } from '@booktranslate/contract';
import type { Interval } from '../../components/IntervalToggle';
import { PlanPrice } from '../../components/PlanPrice';
import { normalizePlan } from '../../lib/credits';

interface Props {
  plans: Plan[];
  interval: Interval;
  current: string;
  chosen: string | undefined;
  onChoose: (p: Plan) => void;
  /** No checkout can work (no PayPal on this server): paid plans cannot be chosen. */
  paymentsOff?: boolean;
}

export function PlanCards({ plans, interval, current, chosen, onChoose, paymentsOff = false }: Props) {
  return (
    <div className="grid gap-6 md:grid-cols-3">
      {plans.map((p) => {
        const isCurrent = normalizePlan(p.code) === current;
        return (
          <article
            key={p.code}
            aria-current={isCurrent || undefined}
            data-chosen={chosen === p.code || undefined}
            className={`flex flex-col rounded-2xl border p-6 ${isCurrent ? 'bg-slate-100 dark:bg-slate-900' : ''} ${chosen === p.code ? 'border-indigo-600 ring-2 ring-indigo-600' : 'border-slate-200 dark:border-slate-800'}`}
          >
            <div className="flex min-h-6 gap-2">
              {p.recommended && (
                <span className="rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold text-white">
                  Most Popular
                </span>
              )}
              {isCurrent && (
                <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-semibold text-white">
                  Current Plan
                </span>
              )}
            </div>
            <h2 className="mt-2 text-xl font-semibold">{p.name}</h2>
            <PlanPrice plan={p} interval={interval} />
            <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-600 dark:text-slate-300">
              {p.features.map((f) => (
                <li key={f}>✓ {f}</li>
              ))}
            </ul>
            <button
              type="button"
              disabled={isCurrent || p.price === 0 || paymentsOff}
              onClick={() => onChoose(p)}
              className="mt-6 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-700 dark:disabled:bg-slate-700 dark:disabled:text-slate-100"
            >
              {isCurrent
                ? 'Current Plan'
                : paymentsOff && p.price > 0
                  ? 'Not available'
                  : p.button_text || `Choose ${p.name}`}
            </button>
          </article>
        );
      })}
    </div>
  );
}
