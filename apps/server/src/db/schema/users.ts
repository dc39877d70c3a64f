import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A reading device that takes books by e-mail (a Kindle's address), as the user saved it. */
export interface DeviceAddress {
  address: string;
  /** Send each translation there when it completes. */
  send_when_finished: boolean;
}

/**
 * People with an account. Email is stored trimmed and lower-cased (unique); a user signs in with a
 * password, with Google (google_sub), or both. Plan fields are written by billing; credits live in
 * the credit ledger, never here.
 */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  /** argon2id PHC string; null for accounts that only sign in with Google. */
  passwordHash: text('password_hash'),
  /** Google's stable subject id (`sub`); the email may change, this does not. */
  googleSub: text('google_sub').unique(),
  /** True once the address is proven: Google, a confirmation link or a password-reset link (decision 218). */
  emailVerified: boolean('email_verified').notNull().default(false),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  fullName: text('full_name').notNull().default(''),
  picture: text('picture'),
  /** 'free' | 'reader' | 'bookworm' */
  subscriptionPlan: text('subscription_plan').notNull().default('free'),
  /** 'active' | 'pending' | 'suspended' | 'cancelled' | 'expired' */
  subscriptionStatus: text('subscription_status').notNull().default('active'),
  /** 'month' | 'year' for paid plans, null on Free. */
  billingPlanType: text('billing_plan_type'),
  preferredLanguages: text('preferred_languages').array().notNull().default(sql`'{}'::text[]`),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  /** Reading devices that take books by e-mail (Send to Kindle). */
  deviceAddresses: jsonb('device_addresses').$type<DeviceAddress[]>().notNull().default([]),
  /** The completion e-mail carries the EPUB (or a signed link past the size limit). */
  emailBookWhenReady: boolean('email_book_when_ready').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
