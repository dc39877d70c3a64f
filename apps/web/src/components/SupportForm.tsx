import type { User } from '@booktranslate/contract';
import { useEffect, useState } from 'react';
import { sendSupportMessage } from '../api/misc';
import { userName } from '../api/types';
import {
  cleanSupport,
  MESSAGE_MAX,
  MESSAGE_WARN,
  type SupportErrors,
  validateSupport,
} from '../lib/supportValidation';
import { Button } from './Button';
import { Field } from './Field';

type Phase = 'idle' | 'submitting' | 'success' | 'error';

export function SupportForm({ user }: { user: User | null }) {
  const [values, setValues] = useState({
    name: user ? userName(user) : '',
    email: user?.email ?? '',
    message: '',
  });
  const [errors, setErrors] = useState<SupportErrors>({});
  const [phase, setPhase] = useState<Phase>('idle');
  const [failure, setFailure] = useState('');
  const locked = Boolean(user);

  useEffect(() => {
    if (user) setValues((v) => ({ ...v, name: userName(user), email: user.email }));
  }, [user]);

  useEffect(() => {
    if (phase !== 'success') return;
    const t = setTimeout(() => setPhase('idle'), 5000);
    return () => clearTimeout(t);
  }, [phase]);

  if (phase === 'success') {
    return (
      <div role="status" className="space-y-3 text-center">
        <p className="text-lg font-semibold text-emerald-600">Message Sent!</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Thank you. We will get back to you by email.
        </p>
        <Button variant="outline" onClick={() => setPhase('idle')}>
          Send Another Message
        </Button>
      </div>
    );
  }

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const found = validateSupport(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPhase('submitting');
    try {
      await sendSupportMessage(cleanSupport(values));
      setValues((v) => ({ ...v, message: '' }));
      setPhase('success');
    } catch (err) {
      setFailure(err instanceof Error ? err.message : 'Failed to send message');
      setPhase('error');
    }
  };

  const set = (k: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [k]: e.target.value };
    setValues(next);
    // A field shown in error is checked again as it is typed: the message goes once it is fixed.
    if (errors[k]) setErrors((shown) => ({ ...shown, [k]: validateSupport(next)[k] }));
  };
  const count = values.message.length;
  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <Field label="Name" error={errors.name}>
        {(p) => (
          <input {...p} value={values.name} onChange={set('name')} readOnly={locked} autoComplete="name" />
        )}
      </Field>
      <Field label="Email" error={errors.email}>
        {(p) => (
          <input
            {...p}
            type="email"
            value={values.email}
            onChange={set('email')}
            readOnly={locked}
            autoComplete="email"
          />
        )}
      </Field>
      <Field label="Message" error={errors.message}>
        {(p) => <textarea {...p} rows={4} value={values.message} onChange={set('message')} />}
      </Field>
      <p
        data-testid="message-counter"
        className={`text-right text-xs ${count > MESSAGE_WARN ? 'text-red-600' : 'text-slate-600 dark:text-slate-400'}`}
      >
        {count}/{MESSAGE_MAX}
      </p>
      {phase === 'error' && (
        <p
          role="alert"
          className="rounded bg-red-50 p-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-300"
        >
          {failure}
        </p>
      )}
      <Button type="submit" loading={phase === 'submitting'} className="w-full">
        Send Message
      </Button>
    </form>
  );
}
