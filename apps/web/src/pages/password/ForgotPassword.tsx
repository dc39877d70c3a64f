import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { requestPasswordReset } from '../../api/passwordReset';
import { Button } from '../../components/Button';
import { FormError } from '../../components/FormError';
import { TextField } from '../../components/TextField';
import { useSubmit } from '../../hooks/useSubmit';

/** "Forgot password?": asks for the address and says the same whether or not it has an account. */
export default function ForgotPassword() {
  const location = useLocation();
  const initial = (location.state as { email?: string } | null)?.email ?? '';
  const [email, setEmail] = useState(initial);
  const [sent, setSent] = useState<string | null>(null);
  const { busy, error, run } = useSubmit();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    await run(async () => setSent(await requestPasswordReset(email.trim())));
  };

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Link to="/login" className="mb-6 text-sm text-indigo-600 hover:underline dark:text-indigo-400">
        ← Sign in
      </Link>
      <h1 className="text-3xl font-bold">Forgot your password?</h1>
      {sent ? (
        <div
          role="status"
          className="mt-6 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
        >
          <p className="font-medium">Check your inbox</p>
          <p className="mt-1">{sent}</p>
          <p className="mt-3">
            Nothing arrived? Look in the spam folder, or{' '}
            <button
              type="button"
              className="font-medium underline"
              onClick={() => {
                setSent(null);
              }}
            >
              try again
            </button>
            .
          </p>
        </div>
      ) : (
        <>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            Enter the email address of your account and we will send you a link to choose a new password.
          </p>
          {error && <FormError>{error}</FormError>}
          <form onSubmit={submit} className="mt-6 space-y-4">
            <TextField
              label="Email"
              type="email"
              required
              value={email}
              onChange={setEmail}
              autoComplete="email"
            />
            <Button type="submit" loading={busy} className="w-full">
              Send reset link
            </Button>
          </form>
        </>
      )}
      <p className="mt-8 text-center text-sm text-slate-600 dark:text-slate-300">
        Remembered it?{' '}
        <Link to="/login" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          Sign in
        </Link>
      </p>
    </div>
  );
}
