import type { User } from '@booktranslate/contract';
import { useState } from 'react';
import { resendEmailConfirmation } from '../../api/emailConfirmation';
import { errorCode } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { Button } from '../../components/Button';

type Outcome = { ok: boolean; text: string };

const credits = (n: number) => `${n} free ${n === 1 ? 'credit' : 'credits'}`;

/**
 * While the address waits for its e-mailed link: what the link adds (the sign-up Free credits,
 * decision 218) and a way to have it sent again. Nothing once the address is confirmed.
 */
export function EmailConfirmationNotice({ user }: { user: User }) {
  const { refreshUser } = useAuth();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (user.email_confirmed !== false) return null;
  const pending = user.free_credits_pending ?? 0;

  const resend = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ ok: true, text: await resendEmailConfirmation() });
    } catch (err) {
      // Confirmed in another tab or device meanwhile: the profile says so and this notice goes.
      if (errorCode(err) === 'CONFLICT') await refreshUser();
      const text = err instanceof Error && err.message ? err.message : 'The link could not be sent.';
      setOutcome({ ok: false, text });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="confirm-email-title"
      className="mt-4 flex flex-col gap-3 rounded-lg border border-indigo-200 bg-indigo-50 p-4 text-sm text-indigo-950 sm:flex-row sm:items-center sm:justify-between dark:border-indigo-900 dark:bg-indigo-950/60 dark:text-indigo-100"
    >
      <div className="min-w-0">
        <h2 id="confirm-email-title" className="font-semibold">
          {pending > 0
            ? `Confirm your e-mail address to receive your ${credits(pending)}`
            : 'Confirm your e-mail address'}
        </h2>
        <p className="mt-1 text-indigo-900 dark:text-indigo-200">
          We sent a link to <strong className="break-all">{user.email}</strong>. Open it to confirm the
          address; everything else works meanwhile.
        </p>
        {outcome && (
          <p
            role={outcome.ok ? 'status' : 'alert'}
            className={`mt-2 font-medium break-words ${
              outcome.ok ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'
            }`}
          >
            {outcome.text}
          </p>
        )}
      </div>
      <Button
        variant="outline"
        size="sm"
        loading={busy}
        onClick={resend}
        className="shrink-0 bg-white dark:bg-slate-900"
      >
        Send the link again
      </Button>
    </section>
  );
}
