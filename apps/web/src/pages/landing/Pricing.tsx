import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { listPlans } from '../../api/billing';
import { buttonClass } from '../../components/Button';
import { type Interval, IntervalToggle } from '../../components/IntervalToggle';
import { PlanPrice } from '../../components/PlanPrice';
import { signUpPath } from '../../lib/chosenPlan';

export function Pricing() {
  const [interval, setInterval] = useState<Interval>('year');
  const plans = useQuery({ queryKey: ['plans'], queryFn: listPlans });
  return (
    <section id="pricing" className="bg-slate-50 px-4 py-20 dark:bg-slate-900">
      <div className="mx-auto max-w-6xl">
        <h2 className="text-center text-3xl font-bold">Simple pricing</h2>
        <div className="mt-6 flex justify-center">
          <IntervalToggle value={interval} onChange={setInterval} />
        </div>
        {plans.isPending && <div className="mt-10 h-96" aria-busy="true" />}
        {plans.isError && (
          <p role="alert" className="mt-10 text-center text-red-600">
            Plans could not be loaded: {plans.error.message}
          </p>
        )}
        {plans.data && (
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {plans.data.map((p) => (
              <article
                key={p.code}
                className={`flex flex-col rounded-2xl border bg-white p-6 dark:bg-slate-950 ${p.recommended ? 'border-indigo-600 ring-2 ring-indigo-600' : 'border-slate-200 dark:border-slate-800'}`}
              >
                {p.recommended && (
                  <p className="mb-2 text-xs font-semibold text-indigo-600 uppercase dark:text-indigo-400">
                    Most Popular
                  </p>
                )}
                <h3 className="text-xl font-semibold">{p.name}</h3>
                <PlanPrice plan={p} interval={interval} />
                <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-600 dark:text-slate-300">
                  {p.features.map((f) => (
                    <li key={f}>✓ {f}</li>
                  ))}
                </ul>
                <Link
                  to={signUpPath(p, interval)}
                  className={`${buttonClass(p.recommended ? 'primary' : 'outline')} mt-6`}
                >
                  {p.button_text || (p.price === 0 ? 'Try Free' : `Choose ${p.name}`)}
                </Link>
              </article>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
