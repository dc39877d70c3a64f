import { useState } from 'react';
import { useNavigate } from 'react-router';
import { deleteAccount } from '../../api/misc';
import { useAuth } from '../../auth/AuthContext';
import { Button } from '../../components/Button';

/** Delete Account: type DELETE, confirm, alert, sign out, go to /. */
export function DangerZone() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    const typed = window.prompt(
      'This permanently deletes your account, books and translations. Type DELETE to confirm.',
    );
    if (typed === null) return;
    if (typed !== 'DELETE') {
      window.alert('Account deletion cancelled. Please type DELETE exactly to confirm.');
      return;
    }
    if (!window.confirm('Are you absolutely sure? This cannot be undone.')) return;
    setBusy(true);
    try {
      await deleteAccount();
      window.alert('Your account has been deleted. Your data will be removed within 30 days.');
      await signOut();
      navigate('/');
    } catch (err) {
      setBusy(false);
      window.alert(`Account deletion failed: ${err instanceof Error ? err.message : 'unknown error'}`);
    }
  };

  return (
    <section aria-labelledby="danger" className="rounded-xl border border-red-300 p-6 dark:border-red-900">
      <h2 id="danger" className="text-lg font-semibold text-red-600 dark:text-red-400">
        Danger Zone
      </h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        Deleting your account removes your books, translations and subscription. This cannot be undone.
      </p>
      <Button variant="danger" className="mt-4" loading={busy} onClick={remove}>
        Delete Account
      </Button>
    </section>
  );
}
