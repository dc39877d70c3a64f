import type { Plan } from '@booktranslate/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { listPlans, listSubscriptions, listTransactions } from '../../api/billing';
import { useAuth } from '../../auth/AuthContext';
import { Button } from '../../components/Button';
import { type Interval, IntervalToggle } from '../../components/IntervalToggle';
import { PAYMENTS_OFF_MESSAGE, usePaymentsOff } from '../../hooks/usePaymentsOff';
import { normalizePlan } from '../../lib/credits';
import { STORAGE } from '../../lib/storageKeys';
import { BillingHistory } from './BillingHistory';
import { CurrentSubscription } from './CurrentSubscription';
import { PaymentSummary } from './PaymentSummary';
import { PlanCards } from './PlanCards';

const ErrorBox = ({ what, message, onRetry }: { what: string; message: string; onRetry: () => void }) => (
  <div
    role="alert"
    className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
  >
    <p>
      {what} could not be loaded: {message}
    </p>
    <Button size="sm" variant="outline" className="mt-2" onClick={onRetry}>
      Try again
    </Button>
  </div>
);

const safeGet = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const safeSet = (key: string, value: string) => {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
};

export default function Billing() {
  const { user } = useAuth();
  // ?plan=&interval= carry a visitor's choice on the landing page through signing in.
  const [params] = useSearchParams();
  const wanted = params.get('plan')?.toLowerCase();
  const [interval, setIntervalState] = useState<Interval>(() => {
    const asked = params.get('interval');
    if (asked === 'month' || asked === 'year') return asked;
    // Stored as the bare word month or year (spec section 2); yearly by default.
    return safeGet(STORAGE.billingInterval) === 'month' ? 'month' : 'year';
  });
  const [chosen, setChosen] = useState<Plan | null>(null);
  const plans = useQuery({ queryKey: ['plans'], queryFn: listPlans });
  const subs = useQuery({ queryKey: ['subscriptions'], queryFn: listSubscriptions });
  const history = useQuery({ queryKey: ['transactions'], queryFn: listTransactions });
  const paymentsOff = usePaymentsOff();

  const setInterval = (v: Interval) => {
    setIntervalState(v);
    safeSet(STORAGE.billingInterval, v);
  };
  const { hash } = useLocation();
  useEffect(() => {
    // 'Try Again' on the cancel screen links to /billing#pricing-tiers.
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  const current = user?.subscription_plan ?? 'free';
  useEffect(() => {
    if (!wanted || !plans.data) return;
    const plan = plans.data.find((p) => normalizePlan(p.code) === wanted && p.price > 0);
    if (plan && normalizePlan(plan.code) !== current) setChosen((c) => c ?? plan);
  }, [wanted, plans.data, current]);
  const active = subs.data?.find((s) => s.status === 'active') ?? subs.data?.[0];

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <h1 className="text-3xl font-bold">Billing & Subscription</h1>
      <section id="pricing-tiers" aria-label="Plans" className="space-y-6">
        <IntervalToggle value={interval} onChange={setInterval} />
        {paymentsOff && (
          <p
            role="status"
            className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            {PAYMENTS_OFF_MESSAGE}
          </p>
        )}
        {plans.isPending && <div className="h-80" aria-busy="true" />}
        {plans.isError && (
          <ErrorBox what="Plans" message={plans.error.message} onRetry={() => plans.refetch()} />
        )}
        {plans.data && (
          <PlanCards
            plans={plans.data}
            interval={interval}
            current={current}
            chosen={chosen?.code}
            onChoose={setChosen}
            paymentsOff={paymentsOff}
          />
        )}
        {chosen && !paymentsOff && <PaymentSummary plan={chosen} interval={interval} />}
      </section>
      {subs.isError ? (
        <ErrorBox what="Your subscription" message={subs.error.message} onRetry={() => subs.refetch()} />
      ) : (
        <CurrentSubscription user={user} subscription={active} plans={plans.data ?? []} />
      )}
      {history.isError ? (
        <ErrorBox what="Billing history" message={history.error.message} onRetry={() => history.refetch()} />
      ) : (
        <BillingHistory transactions={history.data} />
      )}
    </div>
  );
}
