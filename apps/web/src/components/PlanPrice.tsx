import type { Plan } from '@booktranslate/contract';
import type { Interval } from './IntervalToggle';

/** '$19 per month', or the yearly total with 'Save $X'; 'Always free' for the free plan. */
export function PlanPrice({ plan, interval }: { plan: Plan; interval: Interval }) {
  if (plan.price === 0) {
    return (
      <p className="mt-3 text-3xl font-bold">
        $0 <span className="text-sm font-normal text-slate-600 dark:text-slate-400">Always free</span>
      </p>
    );
  }
  if (interval === 'year' && plan.yearly_price > 0) {
    const saving = plan.price * 12 - plan.yearly_price;
    return (
      <div className="mt-3">
        <p className="text-3xl font-bold">
          ${plan.yearly_price}{' '}
          <span className="text-sm font-normal text-slate-600 dark:text-slate-400">per year</span>
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <s>${plan.price * 12}</s>{' '}
          {saving > 0 && (
            <span className="font-semibold text-emerald-700 dark:text-emerald-400">Save ${saving}</span>
          )}
        </p>
      </div>
    );
  }
  return (
    <p className="mt-3 text-3xl font-bold">
      ${plan.price} <span className="text-sm font-normal text-slate-600 dark:text-slate-400">per month</span>
    </p>
  );
}
