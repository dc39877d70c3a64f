import { languageLabel } from '@booktranslate/contract';
import type { Logger } from 'pino';
import type { Config } from '../../config/env';
import type { Executor } from '../../db/database';
import { mailRepository } from './mail.repository';
import { type MailBook, translationFinishedMail } from './mail-templates';
import { type Mailer, mailerFor } from './mailer';

export interface NotifyDeps {
  db: Executor;
  config: Pick<Config, 'mail' | 'publicUrl'>;
  logger?: Pick<Logger, 'warn'>;
  /** The mailer built at start; without it, the one for `config.mail` (built once per configuration). */
  mailer?: Mailer;
  /** The translated book for a user who asked for it by e-mail (the translations module knows it). */
  book?: (translationId: string) => Promise<MailBook | null>;
}

/**
 * E-mails the owner that a translation completed or failed, when they want notifications
 * (users.email_notifications). Call it once, after the status change committed. Never throws:
 * a mail problem is logged and must not fail the pipeline. Returns true when a message went out.
 * @example await notifyTranslationFinished({ db, config, logger }, translationId);
 */
export async function notifyTranslationFinished(deps: NotifyDeps, translationId: string): Promise<boolean> {
  try {
    const row = await mailRepository.translationNotice(deps.db, translationId);
    if (!row || !['completed', 'failed'].includes(row.status)) return false;
    const ok = row.status === 'completed';
    // The book by e-mail was asked for on its own: it goes even with notifications off.
    const book = ok && row.wantsBook && deps.book ? await deps.book(translationId) : null;
    if (!row.wants && !book) return false;
    await (deps.mailer ?? mailerFor(deps.config.mail)).send(
      translationFinishedMail({
        to: row.email,
        publicUrl: deps.config.publicUrl,
        bookTitle: row.title,
        targetLanguage: languageLabel(row.targetLanguage),
        ok,
        reason: row.reason,
        book,
      }),
    );
    return true;
  } catch (error) {
    deps.logger?.warn({ err: error, translationId }, 'translation e-mail not sent');
    return false;
  }
}
