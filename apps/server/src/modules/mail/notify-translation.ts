import { languageLabel } from '@booktranslate/contract';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../../config/env';
import type { Executor } from '../../db/database';
import { books } from '../../db/schema/books';
import { translations } from '../../db/schema/translations';
import { users } from '../../db/schema/users';
import { translationFinishedMail } from './mail-templates';
import { mailerFor } from './mailer';

export interface NotifyDeps {
  db: Executor;
  config: Pick<Config, 'mail' | 'publicUrl'>;
  logger?: Pick<Logger, 'warn'>;
}

/**
 * E-mails the owner that a translation completed or failed, when they want notifications
 * (users.email_notifications). Call it once, after the status change committed. Never throws:
 * a mail problem is logged and must not fail the pipeline. Returns true when a message went out.
 * @example await notifyTranslationFinished({ db, config, logger }, translationId);
 */
export async function notifyTranslationFinished(deps: NotifyDeps, translationId: string): Promise<boolean> {
  try {
    const [row] = await deps.db
      .select({
        status: translations.status,
        targetLanguage: translations.targetLanguage,
        reason: translations.failureReason,
        title: books.title,
        email: users.email,
        wants: users.emailNotifications,
      })
      .from(translations)
      .innerJoin(books, eq(books.id, translations.bookId))
      .innerJoin(users, eq(users.id, translations.userId))
      .where(eq(translations.id, translationId))
      .limit(1);
    if (!row?.wants || !['completed', 'failed'].includes(row.status)) return false;
    await mailerFor(deps.config.mail).send(
      translationFinishedMail({
        to: row.email,
        publicUrl: deps.config.publicUrl,
        bookTitle: row.title,
        targetLanguage: languageLabel(row.targetLanguage),
        ok: row.status === 'completed',
        reason: row.reason,
      }),
    );
    return true;
  } catch (error) {
    deps.logger?.warn({ err: error, translationId }, 'translation e-mail not sent');
    return false;
  }
}
