import { z } from 'zod';

/** An optional string where an empty value (`FOO=`) counts as unset, as most shells and .env files intend. */
export const optionalString = () =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** An optional absolute URL; empty counts as unset. */
export const optionalUrl = () => optionalString().pipe(z.url({ protocol: /^https?$/ }).optional());

/** A URL with a default. */
export const urlWithDefault = (fallback: string) =>
  optionalString()
    .transform((value) => value ?? fallback)
    .pipe(z.url({ protocol: /^https?$/ }));

/** Booleans as environments write them: true/false, 1/0, yes/no. */
export const booleanFlag = (fallback: boolean) =>
  optionalString().transform((value, ctx) => {
    if (value === undefined) return fallback;
    const lower = value.toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(lower)) return true;
    if (['false', '0', 'no', 'off'].includes(lower)) return false;
    ctx.addIssue({ code: 'custom', message: 'expected true or false' });
    return z.NEVER;
  });

/** An integer within bounds, with a default. */
export const integer = (fallback: number, min: number, max: number) =>
  optionalString()
    .transform((value) => value ?? String(fallback))
    .pipe(z.string().regex(/^-?\d+$/, 'expected a whole number'))
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
