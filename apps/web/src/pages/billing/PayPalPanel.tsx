import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getPublicConfig } from '../../api/misc';
import { useAuth } from '../../auth/AuthContext';
import { Button } from '../../components/Button';
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

export default function PayPalPanel({ planId }: { planId: string | undefined }) {
  const config = useQuery({
    queryKey: ['config'],
    queryFn: getPublicConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const navigate = useNavigate();
  // custom_id ties the PayPal subscription to this account, so webhooks can activate it even when
  // the buyer closes the tab before the activation call.
  const userId = useAuth().user?.id;
  const [notice, setNotice] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  if (config.isPending) return <div className="h-32" aria-busy="true" />;
  const clientId = config.data?.paypal_client_id;
  if (!clientId || !planId) return <ConfigError />;
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
        createSubscription={(_data, actions) =>
          actions.subscription.create({ plan_id: planId, ...(userId ? { custom_id: String(userId) } : {}) })
        }
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
