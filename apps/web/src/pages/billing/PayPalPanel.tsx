import type { SubscriptionPlan } from '@booktranslate/contract';
import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { startPaypalSubscription } from '../../api/billing';
import { Button } from '../../components/Button';
import type { Interval } from '../../components/IntervalToggle';
import { usePublicConfig } from '../../hooks/usePublicConfig';
import { STORAGE, writeJson } from '../../lib/storageKeys';

const ConfigError = () => (
  <div
    role="alert"
    className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300"
  >
    <p className="font-semibold">Payment Configuration Error</p>
    <p>Unable to load payment options for this plan. Please contact support.</p>
  </div>
);

/**
 * PayPal's buttons for one plan. `planId` (PayPal's id of the plan) says payments are configured; the
 * subscription itself is created by the server, bound to this account (decision 213).
 */
export default function PayPalPanel({
  planId,
  plan,
  period,
}: {
  planId: string | undefined;
  plan: SubscriptionPlan;
  period: Interval;
}) {
  const config = usePublicConfig();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  if (config.isPending) return <div className="h-32" aria-busy="true" />;
  const clientId = config.data?.paypal_client_id;
  if (!clientId || !planId || plan === 'free') return <ConfigError />;
  if (failed) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
        <p>Something went wrong with PayPal.</p>
        <Button
          size="sm"
          variant="outline"
          className="mt-2"
          onClick={() => {
            setFailed(false);
            setAttempt((a) => a + 1);
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
  return (
    <PayPalScriptProvider options={{ clientId, vault: true, intent: 'subscription' }}>
      {notice && (
        <p role="status" className="mb-2 text-sm text-amber-700">
          {notice}
        </p>
      )}
      <PayPalButtons
        key={attempt}
        style={{ layout: 'vertical', label: 'subscribe' }}
        createSubscription={() => startPaypalSubscription(plan, period)}
        onApprove={async (data) => {
          writeJson(STORAGE.paymentSession, { subscriptionId: data.subscriptionID, at: Date.now() });
          const params = new URLSearchParams({
            subscription_id: data.subscriptionID ?? '',
            token: data.orderID ?? '',
          });
          navigate(`/billing/success?${params}`);
        }}
        onCancel={() => setNotice('Payment cancelled. You have not been charged.')}
        onError={() => setFailed(true)}
      />
    </PayPalScriptProvider>
  );
}
