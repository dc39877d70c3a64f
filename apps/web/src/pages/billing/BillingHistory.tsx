import type { BillingTransaction } from '../../api/types';
import { Section } from '../../components/Section';

/** Badge colours: success for SUCCESS or paid, error for FAILED, warning otherwise. */
export function billingBadge(status: string): 'success' | 'error' | 'warning' {
  if (status === 'SUCCESS' || status.toLowerCase() === 'paid') return 'success';
  if (status === 'FAILED') return 'error';
  return 'warning';
}
const BADGE = {
  success: 'bg-emerald-100 text-emerald-800',
  error: 'bg-red-100 text-red-800',
  warning: 'bg-amber-100 text-amber-800',
};

export function BillingHistory({ transactions }: { transactions: BillingTransaction[] | undefined }) {
  return (
    <Section id="history" title="Billing History" round="rounded-2xl">
      {transactions && transactions.length === 0 && (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No billing history yet</p>
      )}
      {transactions && transactions.length > 0 && (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th className="py-2">Date</th>
                <th>Description</th>
                <th>Amount</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              {transactions.map((t) => (
                <tr key={t.id} className="border-b border-slate-100 dark:border-slate-800">
                  <td className="py-2">{t.date ? new Date(t.date).toLocaleDateString() : ''}</td>
                  <td>{t.description}</td>
                  <td>${t.amount.toFixed(2)}</td>
                  <td>
                    <span className={`rounded-full px-2 py-0.5 text-xs ${BADGE[billingBadge(t.status)]}`}>
                      {t.status}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
