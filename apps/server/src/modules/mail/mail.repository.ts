import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { books } from '../../db/schema/books';
import { translations } from '../../db/schema/translations';
import { users } from '../../db/schema/users';

/** What the mail module reads: the facts an e-mail about a translation needs. */
export const mailRepository = {
  /** The translation's outcome, its book's title and whether (and where) its owner wants e-mail. */
  async translationNotice(db: Executor, translationId: string) {
    const [row] = await db
      .select({
        status: translations.status,
        targetLanguage: translations.targetLanguage,
        reason: translations.failureReason,
        title: books.title,
        email: users.email,
        wants: users.emailNotifications,
        wantsBook: users.emailBookWhenReady,
      })
      .from(translations)
      .innerJoin(books, eq(books.id, translations.bookId))
      .innerJoin(users, eq(users.id, translations.userId))
      .where(eq(translations.id, translationId))
      .limit(1);
    return row;
  },
};
