import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { confirmPasswordReset } from '../../api/passwordReset';
import { Button } from '../../components/Button';
import { FormError } from '../../components/FormError';
import { TextField } from '../../components/TextField';
import { useSubmit } from '../../hooks/useSubmit';

const MIN_LENGTH = 8;

/** The page the e-mailed link opens: choose a new password, then sign in with it. */
export default function ResetPassword() {
  const location = useLocation();
  const navigate = useNavigate();
  // The token arrives in the fragment, which browsers never send to a server.
  const [token] = useState(() => new URLSearchParams(location.hash.slice(1)).get('token') ?? '');
  // Once read, it leaves the address bar and the history; in an effect, so a render React throws
  // away (a lazy chunk still loading) cannot lose it.
  useEffect(() => {
    if (location.hash) navigate(location.pathname, { replace: true });
  }, [location.hash, location.pathname, navigate]);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, run } = useSubmit();
  const mismatch = confirm !== '' && confirm !== password;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (mismatch) return;
    await run(async () => setDone(await confirmPasswordReset(token, password)));
  };

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <h1 className="text-3xl font-bold">Choose a new password</h1>
      {done ? (
        <div
          role="status"
          className="mt-6 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
        >
          <p>{done}</p>
          <Link
            to="/login"
            className="mt-3 inline-block font-medium text-indigo-700 underline dark:text-indigo-300"
          >
            Sign in
          </Link>
        </div>
      ) : !token ? (
        <div
          role="alert"
          className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300"
        >
          This page needs the link from the e-mail we sent you.{' '}
          <Link to="/forgot-password" className="font-medium underline">
            Ask for a new link
          </Link>
          .
        </div>
      ) : (
        <>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            Use at least {MIN_LENGTH} characters. Saving it signs you out on every device.
          </p>
          {error && (
            <FormError>
              {error}{' '}
              <Link to="/forgot-password" className="font-medium underline">
                Ask for a new link
              </Link>
            </FormError>
          )}
          <form onSubmit={submit} className="mt-6 space-y-4">
            <TextField
              label="New password"
              type="password"
              required
              minLength={MIN_LENGTH}
              maxLength={128}
              value={password}
              onChange={setPassword}
              autoComplete="new-password"
            />
            <TextField
              label="Repeat the new password"
              error={mismatch ? 'The passwords do not match' : undefined}
              type="password"
              required
              value={confirm}
              onChange={setConfirm}
              autoComplete="new-password"
            />
            <Button type="submit" loading={busy} disabled={mismatch} className="w-full">
              Save new password
            </Button>
          </form>
        </>
      )}
    </div>
  );
}
