import type { Plan, Subscription, User } from '@booktranslate/contract';
import { useState } from 'react';
import { nextBillingDate } from '../../api/types';
import { Button } from '../../components/Button';
import { PLAN_LABEL } from '../../lib/credits';
import { CancelDialog } from './CancelDialog';

export function CurrentSubscription({
  user,
  subscription,
  plans,
}: {
  user: User | null;
  subscription: Subscription | undefined;
  plans: Plan[];
}) {
  const [cancelling, setCancelling] = useState(false);
  const plan = subscription?.plan.code ?? user?.subscription_plan ?? 'free';
  const status = subscription?.status.toLowerCase() ?? user?.subscription_status ?? 'active';
  const isFree = plan === 'free';
  const planInfo = plans.find((p) => p.code === plan);
  const features = planInfo?.features ?? [];
  // A Free account has no subscription row: its allowance is the trial, and what is left of it
  // is the FREE credit balance.
  const trial = isFree ? planInfo?.trial_translations : undefined;
  const limit = subscription?.translations_limit ?? trial;
  const used =
    subscription?.translations_used ??
    (trial !== undefined ? Math.max(0, trial - Math.min(trial, user?.credits_available.FREE ?? 0)) : 0);
  return (
    <section
      aria-labelledby="current-sub"
      className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="current-sub" className="text-lg font-semibold">
          Current Subscription
        </h2>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${status === 'active' ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-800'}`}
        >
          {status}
        </span>
      </div>
      <dl className="mt-4 grid gap-y-2 text-sm sm:grid-cols-2">
        <dt className="text-slate-600 dark:text-slate-400">Current plan</dt>
        <dd className="font-medium">{PLAN_LABEL[plan]}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Next billing date</dt>
        <dd>
          {isFree
            ? 'Lifetime Free'
            : subscription && nextBillingDate(subscription)
              ? new Date(nextBillingDate(subscription) ?? '').toLocaleDateString()
              : '—'}
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">Cost</dt>
        <dd>{isFree ? '$0' : `$${subscription?.amount ?? 0} USD`}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Translations used</dt>
        <dd>
          {used} / {limit ?? '—'}
        </dd>
      </dl>
      {features.length > 0 && (
        <ul className="mt-4 space-y-1 text-sm text-slate-600 dark:text-slate-300">
          {features.map((f) => (
            <li key={f}>✓ {f}</li>
          ))}
        </ul>
      )}
      {!isFree && subscription && (
        <Button variant="danger" className="mt-4" onClick={() => setCancelling(true)}>
          Cancel Subscription
        </Button>
      )}
      {cancelling && subscription && (
        <CancelDialog subscription={subscription} onClose={() => setCancelling(false)} />
      )}
    </section>
  );
}
