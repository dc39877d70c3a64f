import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { type NewUserRow, type UserRow, users } from '../../db/schema/users';

/** The only code that queries the users table. */
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
};
