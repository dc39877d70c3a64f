import { z } from 'zod';
import { CreditBalances, SubscriptionPlan, Timestamp, Uuid } from './common';
import { DeviceAddress, DeviceAddresses } from './deliveries';
import { OkResponse } from './errors';
import { defineRoute } from './route';

export const subscriptionStatuses = ['active', 'pending', 'suspended', 'cancelled', 'expired'] as const;

/** The signed-in user as the spec's section 3 lists the backend fields, snake_case. */
export const User = z
  .object({
    id: Uuid,
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    /** Display name; falls back to first + last name, then the email. */
    full_name: z.string(),
    picture: z.string().nullable(),
    subscription_plan: SubscriptionPlan,
    subscription_status: z.enum(subscriptionStatuses),
    /** Sum of all tiers. */
    available_credits: z.number().int(),
    credits_available: CreditBalances,
    /** Billing interval of a paid plan; null on the Free plan. */
    billing_plan_type: z.enum(['month', 'year']).nullable(),
    preferred_languages: z.array(z.string()).max(3),
    email_notifications: z.boolean(),
    /** True once the address is proven: an e-mailed confirmation link, a reset link, or Google. */
    email_confirmed: z.boolean(),
    /** Free credits that confirming the address will add (0 once confirmed or already granted). */
    free_credits_pending: z.number().int().min(0),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

export const getProfile = defineRoute({
  method: 'GET',
  path: '/users/profile/',
  summary: 'The signed-in user with plan and credit balances',
  auth: true,
  // The settings screen adds `_t` to bust caches; accept and ignore it.
  query: z.object({ _t: z.string().optional() }),
  response: User,
});

/** At most 3 distinct language codes (spec section 5). */
export const PreferredLanguages = z
  .array(z.string().trim().toLowerCase().min(2).max(12))
  .max(3, 'Choose at most 3 languages')
  .refine((codes) => new Set(codes).size === codes.length, 'Each language can be chosen once');

export const UpdateProfileBody = z.object({
  /** Ignored when empty (the settings screen sends it only when non-empty). */
  full_name: z.string().trim().max(200).optional(),
  picture: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .nullable()
    .optional(),
});

export const UserSettings = z.object({
  email_notifications: z.boolean(),
  /** Always false: push notifications are not offered (spec section 3). */
  push_notifications: z.literal(false),
  preferred_languages: z.array(z.string()),
  default_target_languages: z.array(z.string()),
  /** Reading devices that take books by e-mail (a Kindle's address). */
  device_addresses: z.array(DeviceAddress),
  /**
   * The address the books come from: a Kindle takes mail only from senders on the account's
   * "Approved Personal Document E-mail List".
   */
  sender_address: z.string(),
  /** The completion e-mail carries the EPUB (a signed link when it is too large to attach). */
  email_book_when_ready: z.boolean(),
});

export const UpdateSettingsBody = z.object({
  email_notifications: z.boolean().optional(),
  preferred_languages: PreferredLanguages.optional(),
  /** The whole list: what is left out is removed. */
  device_addresses: DeviceAddresses.optional(),
  email_book_when_ready: z.boolean().optional(),
});

/** PUT /users/profile/: the settings screen nests the fields under `profile` (spec section 7). */
export const UpdateProfileSettingsBody = z.object({
  profile: UpdateSettingsBody.optional(),
  email_notifications: z.boolean().optional(),
  preferred_languages: PreferredLanguages.optional(),
  full_name: z.string().trim().max(200).optional(),
});

export const updateProfile = defineRoute({
  method: 'PUT',
  path: '/users/update_profile/',
  summary: 'Changes the display name (when non-empty) and the picture',
  auth: true,
  body: UpdateProfileBody,
  response: User,
});

export const putProfile = defineRoute({
  method: 'PUT',
  path: '/users/profile/',
  summary: 'Writes the settings (profile.email_notifications, profile.preferred_languages)',
  auth: true,
  body: UpdateProfileSettingsBody,
  response: User,
});

export const deleteProfile = defineRoute({
  method: 'DELETE',
  path: '/users/profile/',
  summary: 'Deletes the account: signs out everywhere, ends the subscription, purges the data within 30 days',
  auth: true,
  response: OkResponse.extend({ message: z.string(), purge_after: Timestamp }),
});

export const getSettings = defineRoute({
  method: 'GET',
  path: '/user/settings/',
  summary: "The user's settings",
  auth: true,
  response: UserSettings,
});

export const putSettings = defineRoute({
  method: 'PUT',
  path: '/user/settings/',
  summary: "Writes the user's settings",
  auth: true,
  body: UpdateSettingsBody,
  response: UserSettings,
});

export const usersRoutes = {
  getProfile,
  updateProfile,
  putProfile,
  deleteProfile,
  getSettings,
  putSettings,
} as const;
