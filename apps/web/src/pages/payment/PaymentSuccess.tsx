import { Link, useSearchParams } from 'react-router';
import { AfterPaymentLinks } from '../../components/AfterPaymentLinks';
import { Button, buttonClass } from '../../components/Button';
import { findDemoPlan } from './demoPlans';

export default function PaymentSuccess() {
  const [params] = useSearchParams();
  const plan = findDemoPlan(params.get('plan'));
  const method = params.get('method') ?? 'card';
  const next = new Date(Date.now() + 30 * 86400_000).toLocaleDateString();
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-center text-3xl font-bold text-emerald-600">Payment Successful!</h1>
      <p className="mt-2 text-center text-sm text-slate-600 dark:text-slate-400">
        Demo payment: nothing was charged.
      </p>
      <dl className="mt-8 grid grid-cols-2 gap-y-2 rounded-xl border border-slate-200 p-6 text-sm dark:border-slate-800">
        <dt className="text-slate-600 dark:text-slate-400">Plan</dt>
        <dd>{plan.name}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Amount</dt>
        <dd>${plan.price}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Payment method</dt>
        <dd>{method === 'card' ? 'Credit Card & PayPal' : method.toUpperCase()}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Transaction ID</dt>
        <dd className="break-all">{params.get('transaction_id') ?? ''}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Next billing date</dt>
        <dd>{next}</dd>
      </dl>
      <AfterPaymentLinks className="mt-8 flex flex-wrap justify-center gap-3 print:hidden">
        <Link to="/dashboard" className={buttonClass('outline')}>
          Go to Dashboard
        </Link>
        <Button variant="ghost" onClick={() => window.print()}>
          Download Receipt
        </Button>
      </AfterPaymentLinks>
    </div>
  );
}
