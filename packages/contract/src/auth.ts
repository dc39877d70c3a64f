import { z } from 'zod';
import { OkResponse } from './errors';
import { defineRoute } from './route';
import { User } from './users';

/** Emails are compared trimmed, NFC-normalised and lower-cased: `Ann@Example.com ` and `ann@example.com` are one account. */
export const Email = z
  .string()
  .trim()
  .normalize('NFC')
  .toLowerCase()
  .max(254)
  .email('Please enter a valid email address');

/** 8 to 128 characters: long passphrases are welcome (ASVS 6.2.1, 6.2.9). */
export const Password = z
  .string()
  .min(8, 'Password must be at least 8 characters long')
  .max(128, 'Password cannot exceed 128 characters');

const Name = z.string().trim().max(100);

export const RegisterRequest = z.object({
  email: Email,
  password: Password,
  full_name: Name.optional(),
  first_name: Name.optional(),
  last_name: Name.optional(),
});
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const LoginRequest = z.object({
  email: Email,
  // No length rules here: a wrong password of any length is just a wrong password.
  password: z.string().min(1).max(1024),
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const OAuthCallbackRequest = z.object({
  provider: z.enum(['google', 'apple', 'facebook']).default('google'),
  id_token: z.string().min(1).max(8192),
});
export type OAuthCallbackRequest = z.input<typeof OAuthCallbackRequest>;

/** The refresh token may come in the body (`refresh`) or, from browsers, in its httpOnly cookie. */
// Nullish: a POST without a body arrives as null.
export const RefreshRequest = z.object({ refresh: z.string().max(512).optional() }).nullish();

export const LogoutRequest = RefreshRequest;

/** Login response (spec section 3): the tokens are also set as httpOnly cookies. */
export const LoginResponse = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    /** When the access token expires (ISO 8601). */
    expires_at: z.iso.datetime({ offset: true }),
    user: User,
  })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const CsrfResponse = z.object({ csrf_token: z.string() });

export const csrf = defineRoute({
  method: 'GET',
  path: '/auth/csrf/',
  summary: 'Issue the anti-forgery token (cookie + body) that write requests send back in X-CSRF-Token',
  auth: false,
  response: CsrfResponse,
});

export const register = defineRoute({
  method: 'POST',
  path: '/auth/register/',
  summary: 'Create an account with email and password and sign in',
  auth: false,
  body: RegisterRequest,
  response: LoginResponse,
  status: 201,
});

export const login = defineRoute({
  method: 'POST',
  path: '/auth/login/',
  summary: 'Sign in with email and password',
  auth: false,
  body: LoginRequest,
  response: LoginResponse,
});

export const oauthCallback = defineRoute({
  method: 'POST',
  path: '/auth/oauth_callback/',
  summary: 'Sign in with an identity token from Google',
  auth: false,
  body: OAuthCallbackRequest,
  response: LoginResponse,
});

export const refresh = defineRoute({
  method: 'POST',
  path: '/auth/refresh/',
  summary: 'Exchange the refresh token for new tokens (the old one stops working)',
  auth: false,
  body: RefreshRequest,
  response: LoginResponse,
});

export const logout = defineRoute({
  method: 'POST',
  path: '/auth/logout/',
  summary: 'End the session and clear its cookies',
  auth: false,
  body: LogoutRequest,
  response: OkResponse,
});

export const PasswordResetRequest = z.object({ email: Email });
export type PasswordResetRequest = z.input<typeof PasswordResetRequest>;

/** The token from the e-mailed link and the new password (the same rules as at sign-up). */
export const PasswordResetConfirm = z.object({
  token: z.string().min(16).max(128),
  password: Password,
});
export type PasswordResetConfirm = z.input<typeof PasswordResetConfirm>;

export const PasswordResetResponse = z.object({ success: z.literal(true), message: z.string() });

export const requestPasswordReset = defineRoute({
  method: 'POST',
  path: '/auth/password-reset/',
  summary:
    'E-mail a single-use link (one hour) to set a new password; the same answer whether or not the address has an account',
  auth: false,
  body: PasswordResetRequest,
  response: PasswordResetResponse,
  status: 202,
});

export const confirmPasswordReset = defineRoute({
  method: 'POST',
  path: '/auth/password-reset/confirm/',
  summary: 'Set a new password with the token from the e-mailed link; ends every session of the account',
  auth: false,
  body: PasswordResetConfirm,
  response: PasswordResetResponse,
});

/** The token from the e-mailed confirmation link (`/confirm-email?token=...`). */
export const EmailConfirmRequest = z.object({ token: z.string().min(16).max(128) });
export type EmailConfirmRequest = z.input<typeof EmailConfirmRequest>;

export const EmailConfirmResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Free credits this confirmation added: 0 when the address (or Google account) had them before. */
  credits_granted: z.number().int().min(0),
});
export type EmailConfirmResponse = z.infer<typeof EmailConfirmResponse>;

export const EmailResendResponse = z.object({ success: z.literal(true), message: z.string() });

export const confirmEmail = defineRoute({
  method: 'POST',
  path: '/auth/email/confirm/',
  summary:
    'Confirm the address with the token from the e-mailed link; grants the sign-up Free credits once per address',
  auth: false,
  body: EmailConfirmRequest,
  response: EmailConfirmResponse,
});

export const resendEmailConfirmation = defineRoute({
  method: 'POST',
  path: '/auth/email/resend/',
  summary: "E-mail a fresh link to confirm the signed-in user's address (409 once it is confirmed)",
  auth: true,
  response: EmailResendResponse,
  status: 202,
});

export const authRoutes = {
  csrf,
  register,
  login,
  oauthCallback,
  refresh,
  logout,
  requestPasswordReset,
  confirmPasswordReset,
  confirmEmail,
  resendEmailConfirmation,
} as const;
