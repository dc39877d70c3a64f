import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../components/PageLoading';

// Provider names as they write them; an unknown one is shown with a capital, never as its raw value.
const PROVIDER_NAMES: Record<string, string> = { google: 'Google', apple: 'Apple', facebook: 'Facebook' };
const providerName = (raw: string) =>
  PROVIDER_NAMES[raw.toLowerCase()] ?? raw.charAt(0).toUpperCase() + raw.slice(1).toLowerCase();

/** Reads code/state/error/provider and redirects; no token exchange happens here (spec section 2). */
export default function AuthCallback() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const error = params.get('error');
  const code = params.get('code');
  const provider = providerName(params.get('provider') || 'google');
  const message = error ? `OAuth error: ${error}` : code ? null : 'No authorization code received';

  useEffect(() => {
    const t = setTimeout(
      () => navigate(message ? '/login' : '/dashboard', { replace: true }),
      message ? 3000 : 2000,
    );
    return () => clearTimeout(t);
  }, [message, navigate]);

  if (message) {
    return (
      <div role="alert" className="mx-auto max-w-md px-4 py-20 text-center">
        <h1 className="text-2xl font-bold text-red-600">Sign-in failed</h1>
        <p className="mt-3">{message}</p>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Redirecting to the login page...</p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-emerald-600">Signed in with {provider}</h1>
      <PageLoading label="Redirecting to your library..." />
    </div>
  );
}
