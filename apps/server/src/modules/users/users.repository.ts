import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { accountDeletions } from '../../db/schema/account-deletions';
import { books } from '../../db/schema/books';
import { translations } from '../../db/schema/translations';
import { type NewUserRow, type UserRow, users } from '../../db/schema/users';

/** The plan fields of the users row: a cache of the subscriptions (billing's refreshUserPlan). */
export interface UserPlanCache {
  subscriptionPlan: string;
  subscriptionStatus: string;
  billingPlanType: string | null;
}

/** The only code that queries the users and account-deletions tables. */
export const usersRepository = {
  async findById(db: Executor, id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  },

  async findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  },

  async findByGoogleSub(db: Executor, sub: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
    return row;
  },

  /** Inserts a user; returns undefined when the email (or Google subject) is already taken. */
  async insert(db: Executor, values: NewUserRow): Promise<UserRow | undefined> {
    const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
    return row;
  },

  async update(db: Executor, id: string, values: Partial<NewUserRow>): Promise<UserRow> {
    const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
    if (!row) throw new Error(`user ${id} vanished during update`);
    return row;
  },

  /** Locks the user's row until the transaction ends: serializes credit spending per user. */
  async lock(db: Executor, id: string): Promise<boolean> {
    const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    return rows.length > 0;
  },

  /** The address to write to; undefined when the user is gone. */
  async emailOf(db: Executor, id: string): Promise<string | undefined> {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
    return user?.email;
  },

  /** The id when it names a user whose deletion was not requested, else undefined. */
  async liveUserId(db: Executor, id: string): Promise<string | undefined> {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .leftJoin(accountDeletions, eq(accountDeletions.userId, users.id))
      .where(and(eq(users.id, id), isNull(accountDeletions.userId)));
    return user?.id;
  },

  async planCacheOf(db: Executor, id: string): Promise<UserPlanCache | undefined> {
    const [user] = await db
      .select({
        subscriptionPlan: users.subscriptionPlan,
        subscriptionStatus: users.subscriptionStatus,
        billingPlanType: users.billingPlanType,
      })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return user;
  },

  async setPlanCache(db: Executor, id: string, plan: UserPlanCache): Promise<void> {
    await db.update(users).set(plan).where(eq(users.id, id));
  },

  /** Marks the account for the purge job; a second request keeps the first date. */
  async recordDeletion(
    db: Executor,
    deletion: { userId: string; requestedAt: Date; purgeAfter: Date; email: string },
  ): Promise<void> {
    await db.insert(accountDeletions).values(deletion).onConflictDoNothing();
  },

  /** Strips the sign-in identities and personal fields: the address becomes free, nobody can sign in. */
  async stripIdentities(db: Executor, id: string): Promise<void> {
    await db
      .update(users)
      .set({
        email: `deleted-${id}@deleted.invalid`,
        passwordHash: null,
        googleSub: null,
        emailVerified: false,
        firstName: '',
        lastName: '',
        fullName: '',
        picture: null,
        emailNotifications: false,
      })
      .where(eq(users.id, id));
  },

  /** Accounts whose purge date has come, with the address they had. */
  dueDeletions(db: Executor, now: Date): Promise<{ userId: string; email: string | null }[]> {
    return db
      .select({ userId: accountDeletions.userId, email: accountDeletions.email })
      .from(accountDeletions)
      .where(lte(accountDeletions.purgeAfter, now));
  },

  /** Deletes the user row; every other row of the account goes with it (ON DELETE CASCADE). */
  async remove(db: Executor, id: string): Promise<void> {
    await db.delete(users).where(eq(users.id, id));
  },

  /** The storage keys of the account's books and the ids and outputs of its translations. */
  async storedFilesOf(db: Executor, userId: string) {
    const bookRows = await db
      .select({ originalKey: books.originalKey, coverKey: books.coverKey })
      .from(books)
      .where(eq(books.userId, userId));
    const translationRows = await db
      .select({ id: translations.id, outputs: translations.outputs })
      .from(translations)
      .where(eq(translations.userId, userId));
    return { bookRows, translationRows };
  },
};
