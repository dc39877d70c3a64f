import { useState } from 'react';
import { Link } from 'react-router';
import { login, register } from '../../api/signIn';
import type { User } from '../../api/types';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';

export function EmailForm({
  onSignedIn,
  onError,
}: {
  onSignedIn: (u: User) => void;
  onError: (m: string | null) => void;
}) {
  const [mode, setMode] = useState<'signin' | 'register'>('signin');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    onError(null);
    setBusy(true);
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
      onError(err instanceof Error && err.message ? err.message : 'Login failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      {mode === 'register' && (
        <Field label="Full name">
          {(p) => <input {...p} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />}
        </Field>
      )}
      <Field label="Email">
        {(p) => (
          <input
            {...p}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="email"
          />
        )}
      </Field>
      <Field label="Password">
        {(p) => (
          <input
            {...p}
            type="password"
            required
            minLength={mode === 'register' ? 8 : 1}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
          />
        )}
      </Field>
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
      <Button type="submit" loading={busy} className="w-full">
        {mode === 'signin' ? 'Sign in' : 'Create account'}
      </Button>
      <p className="text-center text-sm text-slate-600 dark:text-slate-300">
        {mode === 'signin' ? 'New here?' : 'Already have an account?'}{' '}
        <button
          type="button"
          className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
          onClick={() => setMode(mode === 'signin' ? 'register' : 'signin')}
        >
          {mode === 'signin' ? 'Create an account' : 'Sign in'}
        </button>
      </p>
    </form>
  );
}
