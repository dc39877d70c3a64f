import type { Plan } from '@booktranslate/contract';
import { lazy, Suspense } from 'react';
import type { Interval } from '../../components/IntervalToggle';

// The PayPal SDK wrapper is only fetched once someone picks a plan.
const PayPalPanel = lazy(() => import('./PayPalPanel'));

export function PaymentSummary({ plan, interval }: { plan: Plan; interval: Interval }) {
  const yearly = interval === 'year';
  const amount = yearly ? plan.yearly_price : plan.price;
  const savings = yearly ? plan.price * 12 - plan.yearly_price : 0;
  const planId = (yearly ? plan.paypal_plan_id_yearly : plan.paypal_plan_id_monthly) ?? undefined;
  return (
    <section
      aria-labelledby="summary"
      className="grid gap-6 rounded-2xl border border-slate-200 p-6 md:grid-cols-2 dark:border-slate-800"
    >
      <div>
        <h2 id="summary" className="text-lg font-semibold">
          Payment Summary
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-y-1 text-sm">
          <dt className="text-slate-600 dark:text-slate-400">Plan</dt>
          <dd>{plan.name}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Billing</dt>
          <dd>{yearly ? 'Yearly' : 'Monthly'}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Amount</dt>
          <dd className="font-semibold">${amount}</dd>
          {savings > 0 && (
            <>
              <dt className="text-slate-600 dark:text-slate-400">Savings</dt>
              <dd className="text-emerald-700 dark:text-emerald-400">${savings}</dd>
            </>
          )}
        </dl>
        <p className="mt-4 text-xs text-slate-600 dark:text-slate-400">
          Your subscription renews automatically every {yearly ? 'year' : 'month'} until you cancel.
        </p>
      </div>
      <div>
        <Suspense fallback={<div className="h-32" aria-busy="true" />}>
          <PayPalPanel planId={planId} plan={plan.code} period={interval} />
        </Suspense>
        <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
          Secure checkout with 256-bit SSL encryption. Cancel anytime from your billing dashboard.
        </p>
      </div>
    </section>
  );
}
