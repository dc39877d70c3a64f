import type { InputHTMLAttributes } from 'react';
import { Field } from './Field';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'value' | 'onChange'>;

/**
 * A labelled input bound to a string: the sign-in and password forms' fields, each the same Field
 * wiring (label, error, screen-reader links) around one input, its attributes passed through.
 */
export function TextField({
  label,
  error,
  value,
  onChange,
  ...input
}: InputProps & {
  label: string;
  error?: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} error={error}>
      {(p) => <input {...p} {...input} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}
