import { languageLabel } from '@booktranslate/contract';
import type { Logger } from 'pino';
import type { Config } from '../../config/env';
import type { Executor } from '../../db/database';
import { mailRepository } from './mail.repository';
import { translationFinishedMail } from './mail-templates';
import { type Mailer, mailerFor } from './mailer';

export interface NotifyDeps {
  db: Executor;
  config: Pick<Config, 'mail' | 'publicUrl'>;
  logger?: Pick<Logger, 'warn'>;
  /** The mailer built at start; without it, the one for `config.mail` (built once per configuration). */
  mailer?: Mailer;
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
    if (!row?.wants || !['completed', 'failed'].includes(row.status)) return false;
    await (deps.mailer ?? mailerFor(deps.config.mail)).send(
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
