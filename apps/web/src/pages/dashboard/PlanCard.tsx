import type { User } from '@booktranslate/contract';
import { Link } from 'react-router';
import { buttonClass } from '../../components/Button';
import { canUpgrade, PLAN_LABEL, totalCredits } from '../../lib/credits';

export function PlanCard({ user }: { user: User }) {
  const total = totalCredits(user.credits_available);
  return (
    <section
      aria-labelledby="plan-title"
      className="rounded-xl border border-slate-200 p-6 dark:border-slate-800"
    >
      <h2 id="plan-title" className="text-lg font-semibold">
        {PLAN_LABEL[user.subscription_plan]} Plan
      </h2>
      <p className="mt-2 text-3xl font-bold">{total}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {total === 1 ? 'translation' : 'translations'} available
      </p>
      {/* On a phone the numbers stay near their labels, clear of the floating help button. */}
      <dl className="mt-4 max-w-52 space-y-1 text-sm sm:max-w-none">
        {(['FREE', 'READER', 'BOOKWORM'] as const).map((tier) => (
          <div key={tier} className="flex justify-between">
            <dt className="text-slate-600 dark:text-slate-400">
              {tier === 'BOOKWORM' ? 'BookWorm' : tier === 'READER' ? 'Reader' : 'Free'} credits
            </dt>
            <dd className="font-medium">{user.credits_available[tier]}</dd>
          </div>
        ))}
      </dl>
      {canUpgrade(user.subscription_plan) && (
        <Link to="/billing" className={`${buttonClass('primary')} mt-4 w-full`}>
          Upgrade Plan
        </Link>
      )}
    </section>
  );
}
