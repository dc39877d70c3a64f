export interface SupportInput {
  name: string;
  email: string;
  message: string;
}
export type SupportErrors = Partial<Record<keyof SupportInput, string>>;

export const MESSAGE_MAX = 5000;
export const MESSAGE_WARN = 4500;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trims every field and lower-cases the email, as the form sends them. */
export function cleanSupport(input: SupportInput): SupportInput {
  return { name: input.name.trim(), email: input.email.trim().toLowerCase(), message: input.message.trim() };
}

/** The support form's rules and messages, word for word from the spec. */
export function validateSupport(raw: SupportInput): SupportErrors {
  const v = cleanSupport(raw);
  const errors: SupportErrors = {};
  if (!v.name) errors.name = 'Name is required';
  else if (v.name.length < 2) errors.name = 'Name must be at least 2 characters long';
  else if (v.name.length > 100) errors.name = 'Name cannot exceed 100 characters';
  if (!v.email) errors.email = 'Email is required';
  else if (!EMAIL.test(v.email)) errors.email = 'Please enter a valid email address';
  if (!v.message) errors.message = 'Message is required';
  else if (v.message.length < 10) errors.message = 'Message must be at least 10 characters long';
  else if (v.message.length > MESSAGE_MAX) errors.message = 'Message cannot exceed 5000 characters';
  return errors;
}
