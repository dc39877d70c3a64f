import type { User } from '@booktranslate/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isNetworkError } from '../../api/errors';
import { googleLogin, ProfileFetchError } from '../../api/signIn';
import { Button } from '../../components/Button';
import { usePublicConfig } from '../../hooks/usePublicConfig';
import {
  describeGoogleError,
  MAX_GOOGLE_RETRIES,
  RETRIES_EXHAUSTED,
  type SignInProblem,
} from '../../lib/googleErrors';
import { loadGoogleScript } from './loadGoogleScript';

type State = 'uninitialised' | 'ready' | 'loading' | 'error';

/** Google Identity Services button with the four states and up to 3 retries (spec sections 4 and 8). */
export function GoogleButton({ onSignedIn }: { onSignedIn: (u: User) => void }) {
  const config = usePublicConfig();
  const [state, setState] = useState<State>('uninitialised');
  const [problem, setProblem] = useState<SignInProblem | null>(null);
  const [attempts, setAttempts] = useState(0);
  const slot = useRef<HTMLDivElement>(null);
  const product = config.data?.product_name ?? 'BookTranslate';

  const fail = useCallback(
    (code: string) => {
      const p = describeGoogleError(code, product);
      setProblem(p);
      setState(p ? 'error' : 'ready');
    },
    [product],
  );

  const onCredential = useCallback(
    async (credential: string | undefined) => {
      if (!credential) return fail('unknown');
      setState('loading');
      try {
        onSignedIn(await googleLogin(credential));
      } catch (err) {
        if (err instanceof ProfileFetchError) fail('profile_fetch_failed');
        else fail(isNetworkError(err) ? 'NETWORK_ERROR' : 'unknown');
      }
    },
    [fail, onSignedIn],
  );

  const clientId = config.data?.google_client_id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempts` re-runs the set-up on Try again
  useEffect(() => {
    if (!clientId) return;
    let alive = true;
    loadGoogleScript()
      .then((gis) => {
        if (!alive || !slot.current) return;
        gis.initialize({
          client_id: clientId,
          callback: (r) => void onCredential(r.credential),
          ux_mode: 'popup',
        });
        gis.renderButton(slot.current, {
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          width: 320,
        });
        setState('ready');
      })
      .catch((e: Error) => alive && fail(e.message));
    return () => {
      alive = false;
    };
  }, [clientId, attempts, onCredential, fail]);

  if (config.isError)
    return <p className="text-sm text-red-600">{describeGoogleError('NETWORK_ERROR', product)?.message}</p>;
  if (config.data && !clientId)
    return (
      <p className="rounded-lg border border-slate-200 p-3 text-center text-sm text-slate-600 dark:text-slate-400 dark:border-slate-700">
        Google sign-in is not configured on this server.
      </p>
    );

  return (
    <div className="min-h-11" aria-busy={state === 'uninitialised' || state === 'loading'}>
      <div ref={slot} className={`flex justify-center ${state === 'error' ? 'hidden' : ''}`} />
      {state === 'loading' && (
        <p role="status" className="mt-2 text-center text-sm">
          Signing in with Google...
        </p>
      )}
      {state === 'error' && problem && (
        <div
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950"
        >
          <p className="font-semibold">{problem.title}</p>
          <p>{problem.message}</p>
          {problem.setupHelp && (
            <p className="mt-1 text-xs">
              Add this site's origin to the OAuth client's authorised JavaScript origins in the Google Cloud
              console.
            </p>
          )}
          {problem.retry && attempts < MAX_GOOGLE_RETRIES && (
            <Button size="sm" variant="outline" className="mt-2" onClick={() => setAttempts((a) => a + 1)}>
              Try again
            </Button>
          )}
          {problem.retry && attempts >= MAX_GOOGLE_RETRIES && (
            <p className="mt-2 font-medium">{RETRIES_EXHAUSTED}</p>
          )}
        </div>
      )}
    </div>
  );
}
