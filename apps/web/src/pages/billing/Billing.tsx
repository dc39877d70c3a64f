import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listPlans, listSubscriptions, listTransactions } from '../../api/billing';
import type { Plan } from '../../api/types';
import { useAuth } from '../../auth/AuthContext';
import { type Interval, IntervalToggle } from '../../components/IntervalToggle';
import { readJson, STORAGE, writeJson } from '../../lib/storageKeys';
import { BillingHistory } from './BillingHistory';
import { CurrentSubscription } from './CurrentSubscription';
import { PaymentSummary } from './PaymentSummary';
import { PlanCards } from './PlanCards';

const ErrorBox = ({ what, message }: { what: string; message: string }) => (
  <p
    role="alert"
    className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300"
  >
    {what} could not be loaded: {message}
  </p>
);

export default function Billing() {
  const { user } = useAuth();
  const [interval, setIntervalState] = useState<Interval>(() =>
    readJson<string>(STORAGE.billingInterval, 'year') === 'month' ? 'month' : 'year',
  );
  const [chosen, setChosen] = useState<Plan | null>(null);
  const plans = useQuery({ queryKey: ['plans'], queryFn: listPlans });
  const subs = useQuery({ queryKey: ['subscriptions'], queryFn: listSubscriptions });
  const history = useQuery({ queryKey: ['transactions'], queryFn: listTransactions });

  const setInterval = (v: Interval) => {
    setIntervalState(v);
    writeJson(STORAGE.billingInterval, v);
  };
  const current = user?.plan ?? 'free';
  const active = subs.data?.find((s) => s.status === 'active') ?? subs.data?.[0];

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <h1 className="text-3xl font-bold">Billing & Subscription</h1>
      <section id="pricing-tiers" aria-label="Plans" className="space-y-6">
        <IntervalToggle value={interval} onChange={setInterval} />
        {plans.isPending && <div className="h-80" aria-busy="true" />}
        {plans.isError && <ErrorBox what="Plans" message={plans.error.message} />}
        {plans.data && (
          <PlanCards
            plans={plans.data}
            interval={interval}
            current={current}
            chosen={chosen?.code}
            onChoose={setChosen}
          />
        )}
        {chosen && <PaymentSummary plan={chosen} interval={interval} />}
      </section>
      {subs.isError ? (
        <ErrorBox what="Your subscription" message={subs.error.message} />
      ) : (
        <CurrentSubscription user={user} subscription={active} plans={plans.data ?? []} />
      )}
      {history.isError ? (
        <ErrorBox what="Billing history" message={history.error.message} />
      ) : (
        <BillingHistory transactions={history.data} />
      )}
    </div>
  );
}
