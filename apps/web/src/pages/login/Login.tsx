import type { User } from '@booktranslate/contract';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../auth/AuthContext';
import { FormError } from '../../components/FormError';
import { afterSignIn } from '../../lib/chosenPlan';
import { EmailForm, type SignInError, type SignInMode } from './EmailForm';
import { GoogleButton } from './GoogleButton';

/** /login; `?mode=signup` opens account creation, `?plan=&interval=` carry a visitor's chosen plan. */
export default function Login() {
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<SignInMode>(params.get('mode') === 'signup' ? 'register' : 'signin');
  const [error, setError] = useState<SignInError | null>(null);
  const done = (user: User) => {
    setUser(user);
    navigate(afterSignIn(params), { replace: true });
  };
  const signingIn = mode === 'signin';

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Link to="/" className="mb-6 text-sm text-indigo-600 hover:underline dark:text-indigo-400">
        ← Home
      </Link>
      <h1 className="text-3xl font-bold">{signingIn ? 'Welcome back' : 'Create your account'}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {signingIn ? 'Sign in to translate your books.' : 'Start with 2 free translations. No card needed.'}
      </p>
      {error && (
        <FormError>
          {error.message}
          {error.accountExists && (
            <>
              {' '}
              <button
                type="button"
                className="font-medium underline"
                onClick={() => {
                  setError(null);
                  setMode('signin');
                }}
              >
                Sign in instead
              </button>
            </>
          )}
        </FormError>
      )}
      <div className="mt-6 space-y-3">
        <GoogleButton onSignedIn={done} />
        <ComingSoon provider="Apple" />
        <ComingSoon provider="Facebook" />
      </div>
      <div className="my-6 flex items-center gap-3 text-xs text-slate-600 dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" /> or with email{' '}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <EmailForm mode={mode} onMode={setMode} onSignedIn={done} onError={setError} />
      <Link to="/" className="mt-8 text-center text-sm text-slate-600 hover:underline dark:text-slate-300">
        Back to Home
      </Link>
    </div>
  );
}

/** A sign-in provider shown but not offered yet. */
function ComingSoon({ provider }: { provider: string }) {
  return (
    <button
      type="button"
      disabled
      className="flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 px-4 py-2.5 text-sm opacity-50 dark:border-slate-600"
    >
      {provider} <span className="text-xs">Coming Soon</span>
    </button>
  );
}
