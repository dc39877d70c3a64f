import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { activatePaypalSubscription } from '../../api/billing';
import { useAuth } from '../../auth/AuthContext';
import { AfterPaymentLinks } from '../../components/AfterPaymentLinks';
import { buttonClass } from '../../components/Button';
import { PageLoading } from '../../components/PageLoading';

/** Shows 'Verifying your subscription...' for 2 s while the server confirms the subscription with PayPal. */
export default function BillingSuccess() {
  const [params] = useSearchParams();
  const { refreshUser } = useAuth();
  const subscriptionId = params.get('subscription_id') ?? '';
  const token = params.get('token') ?? params.get('ba_token') ?? '';
  const [phase, setPhase] = useState<'verifying' | 'done' | 'error'>('verifying');
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    void attempt;
    let alive = true;
    const wait = new Promise((r) => setTimeout(r, 2000));
    const activate = subscriptionId
      ? activatePaypalSubscription(subscriptionId)
      : Promise.reject(new Error('No subscription id in the address.'));
    Promise.all([activate, wait])
      .then(async () => {
        await refreshUser();
        if (alive) setPhase('done');
      })
      .catch((err: Error) => {
        if (!alive) return;
        setError(err.message);
        setPhase('error');
      });
    return () => {
      alive = false;
    };
  }, [subscriptionId, refreshUser, attempt]);

  if (phase === 'verifying') return <PageLoading label="Verifying your subscription..." />;
  if (phase === 'error') {
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-red-700 dark:text-red-400">
          We could not verify your subscription
        </h1>
        <p className="mt-3">{error}</p>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          If PayPal has charged you, nothing is lost: your plan is activated as soon as PayPal confirms the
          payment to us. If it does not appear within an hour, write to support with the "Need help?" button
          and give this reference:
        </p>
        <p className="mt-2 font-mono text-sm break-all">
          Reference: {subscriptionId || token || 'none (no subscription id in the address)'}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <button
            type="button"
            className={buttonClass()}
            onClick={() => {
              setPhase('verifying');
              setAttempt((a) => a + 1);
            }}
          >
            Try again
          </button>
          <Link to="/billing" className={buttonClass('outline')}>
            Back to Billing
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-emerald-700 dark:text-emerald-400">Subscription Activated!</h1>
      <h2 className="mt-6 font-semibold">What happens next</h2>
      <ul className="mt-2 space-y-1 text-left text-slate-600 dark:text-slate-300">
        <li>✓ Your new credits are available right away.</li>
        <li>✓ You will receive a confirmation email with your receipt.</li>
        <li>✓ Your plan renews automatically; cancel anytime from billing.</li>
      </ul>
      <dl className="mt-6 text-sm text-slate-600 dark:text-slate-400">
        <dt className="inline">Subscription ID: </dt>
        <dd className="inline break-all">{subscriptionId}</dd>
        {token && (
          <div>
            <dt className="inline">Token: </dt>
            <dd className="inline break-all">{token}</dd>
          </div>
        )}
      </dl>
      <AfterPaymentLinks className="mt-8 flex justify-center gap-3">
        <Link to="/billing" className={buttonClass('outline')}>
          Go to Billing
        </Link>
      </AfterPaymentLinks>
    </div>
  );
}
