import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { DEMO_LIMITS, type DemoProcessor, processDemoPayment, simulatedProcessor } from './demoCheckout';
import { DEMO_PLANS, findDemoPlan } from './demoPlans';

const COINS = ['BTC', 'ETH', 'LTC', 'BCH'] as const;

/** `process` is the demo's payment step; tests pass one that fails or hangs. */
export default function Payment({ process = simulatedProcessor }: { process?: DemoProcessor }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [plan, setPlan] = useState(() => findDemoPlan(params.get('plan')));
  const [tab, setTab] = useState<'card' | 'crypto'>('card');
  const [coin, setCoin] = useState<(typeof COINS)[number]>('BTC');
  const [form, setForm] = useState({ first: '', last: '', email: '' });
  const [phase, setPhase] = useState<'idle' | 'processing' | 'error'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  // The crypto payment window opens with the tab and closes after 30 minutes.
  const [cryptoDeadline, setCryptoDeadline] = useState<number | null>(null);
  useEffect(() => {
    if (tab !== 'crypto') return setCryptoDeadline(null);
    setCryptoDeadline(Date.now() + DEMO_LIMITS.cryptoPaymentMs);
    const timer = setTimeout(() => {
      setPhase('error');
      setFailure('The 30-minute window for this crypto payment has closed.');
    }, DEMO_LIMITS.cryptoPaymentMs);
    return () => clearTimeout(timer);
  }, [tab]);

  const pay = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!form.first.trim() || !form.last.trim() || !form.email.trim()) return;
    if (cryptoDeadline !== null && Date.now() > cryptoDeadline) return;
    setPhase('processing');
    setFailure(null);
    try {
      const id = await processDemoPayment(process);
      const method = tab === 'card' ? 'card' : coin.toLowerCase();
      navigate(
        `/payment-success?plan=${encodeURIComponent(plan.name)}&method=${method}&transaction_id=${id}`,
      );
    } catch {
      setPhase('error');
    }
  };

  const tabClass = (active: boolean) =>
    `flex-1 rounded-md px-3 py-2 text-sm font-medium ${active ? 'bg-indigo-600 text-white' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`;
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-bold">Checkout</h1>
      <p
        role="note"
        className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
      >
        This is a demo checkout: no real payment is processed and no card data is collected. Real
        subscriptions are on the Billing page.
      </p>
      <fieldset className="mt-6 flex gap-2">
        <legend className="sr-only">Plan</legend>
        {DEMO_PLANS.map((p) => (
          <button
            key={p.name}
            type="button"
            aria-pressed={plan.name === p.name}
            className={tabClass(plan.name === p.name)}
            onClick={() => setPlan(p)}
          >
            {p.name} · ${p.price}/month
          </button>
        ))}
      </fieldset>
      <div
        role="tablist"
        aria-label="Payment method"
        className="mt-6 flex gap-2 rounded-lg border border-slate-200 p-1 dark:border-slate-700"
      >
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'card'}
          className={tabClass(tab === 'card')}
          onClick={() => setTab('card')}
        >
          Credit Card & PayPal
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'crypto'}
          className={tabClass(tab === 'crypto')}
          onClick={() => setTab('crypto')}
        >
          Cryptocurrency
        </button>
      </div>
      <form onSubmit={pay} className="mt-6 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name *">
            {(p) => (
              <input
                {...p}
                required
                value={form.first}
                onChange={(e) => setForm({ ...form, first: e.target.value })}
              />
            )}
          </Field>
          <Field label="Last name *">
            {(p) => (
              <input
                {...p}
                required
                value={form.last}
                onChange={(e) => setForm({ ...form, last: e.target.value })}
              />
            )}
          </Field>
        </div>
        <Field label="Email *">
          {(p) => (
            <input
              {...p}
              type="email"
              required
              value={form.email}
              onChange={(e) => setForm({ ...form, email: e.target.value })}
            />
          )}
        </Field>
        {tab === 'crypto' && (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Coin</legend>
            <div className="flex gap-2">
              {COINS.map((c) => (
                <label key={c} className="flex items-center gap-1 text-sm">
                  <input type="radio" name="coin" checked={coin === c} onChange={() => setCoin(c)} /> {c}
                </label>
              ))}
            </div>
            <p className="text-sm">Demo amount: 0.00042 {coin}</p>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              Crypto payments usually confirm within 10-30 minutes. Send the amount within 30 minutes
              {cryptoDeadline ? ` (by ${new Date(cryptoDeadline).toLocaleTimeString()})` : ''}; a payment not
              confirmed within 24 hours counts as failed.
            </p>
          </fieldset>
        )}
        {phase === 'error' && (
          <div role="alert" className="text-sm text-red-700 dark:text-red-300">
            <p>Payment processing failed. Please try again.</p>
            {failure && <p>{failure}</p>}
          </div>
        )}
        <Button type="submit" size="lg" className="w-full" loading={phase === 'processing'}>
          {phase === 'processing' ? 'Processing...' : `Pay $${plan.price}`}
        </Button>
        <p className="text-center text-xs text-slate-600 dark:text-slate-400">14-day money-back guarantee.</p>
      </form>
    </div>
  );
}
