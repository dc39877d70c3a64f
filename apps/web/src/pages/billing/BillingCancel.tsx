import { Link } from 'react-router';
import { buttonClass } from '../../components/Button';

export default function BillingCancel() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Subscription Cancelled</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        You cancelled the checkout. No charges were made to your account.
      </p>
      <h2 className="mt-6 font-semibold">Common reasons</h2>
      <ul className="mt-2 space-y-1 text-slate-600 dark:text-slate-300">
        <li>You want to compare plans first</li>
        <li>You prefer a different payment method</li>
        <li>You closed the PayPal window by accident</li>
      </ul>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/billing#pricing-tiers" className={buttonClass()}>
          Try Again
        </Link>
        <Link to="/billing" className={buttonClass('outline')}>
          Back to Billing
        </Link>
        <Link to="/pricing" className={buttonClass('ghost')}>
          View pricing
        </Link>
      </div>
    </div>
  );
}
