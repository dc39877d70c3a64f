import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { confirmEmail } from '../../api/emailConfirmation';
import { useAuth } from '../../auth/AuthContext';
import { Spinner } from '../../components/Spinner';

const box = 'mt-6 rounded-lg border p-4 text-sm';
const SUCCESS = `${box} border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200`;
const FAILURE = `${box} border-red-200 bg-red-50 text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300`;
const WAITING = `${box} flex items-center gap-2 border-slate-200 text-slate-700 dark:border-slate-800 dark:text-slate-200`;

/** The page the e-mailed confirmation link opens: it confirms the address and says what was added. */
export default function ConfirmEmail() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user, refreshUser } = useAuth();
  const [token] = useState(() => new URLSearchParams(location.search).get('token') ?? '');
  // Once read, the token leaves the address bar and the history (as on the reset page).
  useEffect(() => {
    if (location.search) navigate(location.pathname, { replace: true });
  }, [location.search, location.pathname, navigate]);

  const confirm = useMutation({
    mutationFn: confirmEmail,
    // A signed-in browser shows the new credits at once.
    onSuccess: () => refreshUser(),
  });
  // One request per page, even when React runs the effect twice.
  const sent = useRef(false);
  const { mutate } = confirm;
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const next = user ? (
    <Link to="/dashboard" className="font-medium underline">
      Go to your library
    </Link>
  ) : (
    <Link to="/login" className="font-medium underline">
      Sign in
    </Link>
  );

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <h1 className="text-3xl font-bold">Confirm your e-mail address</h1>
      {!token ? (
        <div role="alert" className={FAILURE}>
          This page needs the link from the e-mail we sent you. Your library can send a new one. {next}
        </div>
      ) : confirm.isSuccess ? (
        <div role="status" className={SUCCESS}>
          <p className="font-medium">{confirm.data.message}</p>
          <p className="mt-3">{next}</p>
        </div>
      ) : confirm.isError ? (
        <div role="alert" className={FAILURE}>
          <p className="font-medium">
            {confirm.error.message || 'Your address could not be confirmed. Please try again.'}
          </p>
          <p className="mt-3">
            {!user
              ? 'Sign in to have a new link sent. '
              : user.email_confirmed
                ? 'Your address is already confirmed. '
                : 'Your library can send a new link. '}
            {next}
          </p>
        </div>
      ) : (
        <p role="status" className={WAITING}>
          <Spinner /> Confirming your address...
        </p>
      )}
    </div>
  );
}
