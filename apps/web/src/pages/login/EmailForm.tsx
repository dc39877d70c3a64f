import type { User } from '@booktranslate/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorCode } from '../../api/errors';
import { login, register } from '../../api/signIn';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';

export type SignInMode = 'signin' | 'register';
/** What went wrong, with a flag when the address already has an account (offer a sign-in). */
export interface SignInError {
  message: string;
  accountExists?: boolean;
}

export const PASSWORD_RULE = 'At least 8 characters.';

/** What the form's fields hold now (for a field that is not shown, an empty text). */
function typedValues(form: HTMLFormElement | null) {
  const value = (selector: string) => form?.querySelector<HTMLInputElement>(selector)?.value ?? '';
  return {
    name: value('input[autocomplete="name"]'),
    email: value('input[type="email"]'),
    password: value('input[type="password"]'),
  };
}

export function EmailForm({
  mode,
  onMode,
  onSignedIn,
  onError,
}: {
  mode: SignInMode;
  onMode: (m: SignInMode) => void;
  onSignedIn: (u: User) => void;
  onError: (e: SignInError | null) => void;
}) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  // The page is pre-rendered (decision 305): what the visitor typed before the app took the form over
  // is in the fields, not yet in the state. Taken once the app is there, and read again at submit (a
  // click made early is replayed as the app arrives, possibly before this effect).
  useEffect(() => {
    const early = typedValues(form.current);
    if (early.name) setName(early.name);
    if (early.email) setEmail(early.email);
    if (early.password) setPassword(early.password);
  }, []);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    onError(null);
    setBusy(true);
    const { name, email, password } = typedValues(form.current);
    try {
      const user =
        mode === 'signin'
          ? await login(email.trim(), password)
          : await register({
              email: email.trim(),
              password,
              ...(name.trim() ? { full_name: name.trim() } : {}),
            });
      onSignedIn(user);
    } catch (err) {
      if (mode === 'register' && errorCode(err) === 'CONFLICT')
        onError({ message: 'An account with this email already exists.', accountExists: true });
      else onError({ message: err instanceof Error && err.message ? err.message : 'Login failed' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} onSubmit={submit} className="space-y-4">
      {mode === 'register' && (
        <TextField label="Full name" value={name} onChange={setName} autoComplete="name" />
      )}
      <TextField label="Email" type="email" required value={email} onChange={setEmail} autoComplete="email" />
      <TextField
        label="Password"
        type="password"
        required
        minLength={mode === 'register' ? 8 : 1}
        aria-describedby={mode === 'register' ? 'password-rule' : undefined}
        value={password}
        onChange={setPassword}
        autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
      />
      {mode === 'signin' && (
        <p className="-mt-2 text-right text-sm">
          <Link
            to="/forgot-password"
            state={{ email: email.trim() }}
            className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
          >
            Forgot password?
          </Link>
        </p>
      )}
      {mode === 'register' && (
        <p id="password-rule" className="-mt-2 text-xs text-slate-600 dark:text-slate-300">
          {PASSWORD_RULE}
        </p>
      )}
      <Button type="submit" loading={busy} className="w-full">
        {mode === 'signin' ? 'Sign in' : 'Create account'}
      </Button>
      <p className="text-center text-sm text-slate-600 dark:text-slate-300">
        {mode === 'signin' ? 'New here?' : 'Already have an account?'}{' '}
        <button
          type="button"
          className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
          onClick={() => {
            onError(null);
            onMode(mode === 'signin' ? 'register' : 'signin');
          }}
        >
          {mode === 'signin' ? 'Create an account' : 'Sign in'}
        </button>
      </p>
    </form>
  );
}
