import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import { books, type NewBookRow } from '../db/schema/books';
import { type NewTranslationRow, translations } from '../db/schema/translations';
import { users } from '../db/schema/users';

/** A user with `email`, or a fresh address; answers its id. */
export async function seedUser(db: Database, email = `${randomUUID()}@example.com`): Promise<string> {
  const [user] = await db.insert(users).values({ email }).returning();
  return user!.id;
}

/** A small TXT book of `userId` unless `over` says otherwise (nothing stored for it); answers its id. */
export async function seedBook(
  db: Database,
  userId: string,
  over: Partial<NewBookRow> = {},
): Promise<string> {
  const [book] = await db
    .insert(books)
    .values({
      userId,
      title: 'T',
      originalFormat: 'txt',
      originalFilename: 't.txt',
      originalKey: 'k',
      fileSize: 1,
      ...over,
    })
    .returning();
  return book!.id;
}

/**
 * A TXT book of `userId` with a cover, its original at `originals/<userId>` and its cover at
 * `coverKey` (nothing stored for them); answers its id.
 */
export function seedBookWithCover(
  db: Database,
  userId: string,
  coverKey = `covers/${userId}`,
): Promise<string> {
  return seedBook(db, userId, {
    title: 'Mine',
    originalFilename: 'mine.txt',
    originalKey: `originals/${userId}`,
    coverKey,
    fileSize: 5,
  });
}

/** A translation of that book into Spanish unless `over` says otherwise; answers its id. */
export async function seedTranslation(
  db: Database,
  owner: { userId: string; bookId: string },
  over: Partial<NewTranslationRow> = {},
): Promise<string> {
  const [t] = await db
    .insert(translations)
    .values({ ...owner, targetLanguage: 'es', ...over })
    .returning();
  return t!.id;
}

/** A new user with a book and one translation of it (`over` as for `seedTranslation`); answers the ids. */
export async function seedOwnTranslation(
  db: Database,
  over: Partial<NewTranslationRow> = {},
): Promise<{ userId: string; bookId: string; translationId: string }> {
  const userId = await seedUser(db);
  const bookId = await seedBook(db, userId);
  return { userId, bookId, translationId: await seedTranslation(db, { userId, bookId }, over) };
}
