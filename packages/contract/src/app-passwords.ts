import { z } from 'zod';
import { IdParams, Timestamp, Uuid } from './common';
import { OkResponse } from './errors';
import { defineRoute } from './route';

/** How many app passwords one account may hold at once. */
export const APP_PASSWORDS_PER_USER = 20;

/** A reading app's password as the list shows it: never its secret. */
export const AppPassword = z
  .object({
    id: Uuid,
    /** The user's own name for it ("Kobo in the kitchen"). */
    name: z.string(),
    created_at: Timestamp,
    /** The last time a reading app signed in with it; null until then. */
    last_used_at: Timestamp.nullable(),
  })
  .meta({ id: 'AppPassword' });
export type AppPassword = z.infer<typeof AppPassword>;

/** The addresses a reading app is given: Basic-auth ones, and the same with the password in the path. */
export const CatalogueUrls = z.object({
  /** OPDS 1.2 root; sign in with the account's e-mail and this password (HTTP Basic). */
  opds: z.string(),
  /** OPDS 2.0 root, same sign-in. */
  opds_v2: z.string(),
  /** OPDS 1.2 root for apps that cannot send a password: it holds the password, keep it private. */
  opds_token: z.string(),
  /** OPDS 2.0 root with the password in the address. */
  opds_v2_token: z.string(),
});
export type CatalogueUrls = z.infer<typeof CatalogueUrls>;

/** The answer to a creation: the only time the password (and the address holding it) is shown. */
export const CreatedAppPassword = AppPassword.extend({
  /** Typed into the reading app as the password, with the account's e-mail as the user name. */
  password: z.string(),
  /** The password in the form the token addresses carry (`/opds/t/{token}/`). */
  token: z.string(),
  urls: CatalogueUrls,
}).meta({ id: 'CreatedAppPassword' });
export type CreatedAppPassword = z.infer<typeof CreatedAppPassword>;

export const CreateAppPasswordBody = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name cannot exceed 100 characters'),
});
export type CreateAppPasswordBody = z.infer<typeof CreateAppPasswordBody>;

export const listAppPasswords = defineRoute({
  method: 'GET',
  path: '/users/app-passwords/',
  summary: "The signed-in user's reading-app passwords (name, creation, last use; never the secret)",
  auth: true,
  response: z.object({ items: z.array(AppPassword) }),
});

export const createAppPassword = defineRoute({
  method: 'POST',
  path: '/users/app-passwords/',
  summary:
    'Creates a password for a reading app: it can only read the OPDS catalogue and download finished translations. Shown once.',
  auth: true,
  body: CreateAppPasswordBody,
  status: 201,
  response: CreatedAppPassword,
});

export const revokeAppPassword = defineRoute({
  method: 'DELETE',
  path: '/users/app-passwords/:id/',
  summary: 'Revokes a reading-app password at once',
  auth: true,
  params: IdParams,
  response: OkResponse,
});

export const appPasswordsRoutes = { listAppPasswords, createAppPassword, revokeAppPassword } as const;
