import type { Database } from '../../../db/database';
import type { Storage } from '../../../storage/storage';
import type { MailBook } from '../../mail/mail-templates';
import { translationsRepository } from '../translations.repository';
import { translatedEpub } from './translated-epub';

/** How long the link to a book too large to attach stays valid. */
const LINK_DAYS = 7;

/**
 * The translated EPUB for the completion e-mail of a user who asked for the book by e-mail: attached
 * up to `maxBytes`, else a signed download link (absolute, from PUBLIC_URL) valid for a week.
 */
export async function mailBook(
  deps: { db: Database; files: Pick<Storage, 'get' | 'stat' | 'put' | 'delete' | 'signedDownloadUrl'> },
  options: { maxBytes: number; publicUrl: string },
  translationId: string,
): Promise<MailBook | null> {
  const t = await translationsRepository.findById(deps.db, translationId);
  if (t?.status !== 'completed') return null;
  const epub = await translatedEpub(deps, t);
  if (epub.size <= options.maxBytes)
    return {
      kind: 'attachment',
      attachment: {
        filename: epub.filename,
        content: Buffer.from(await epub.bytes()),
        contentType: 'application/epub+zip',
      },
    };
  const url = await deps.files.signedDownloadUrl(epub.key, {
    expiresIn: LINK_DAYS * 24 * 3600,
    filename: epub.filename,
    contentType: 'application/epub+zip',
  });
  return { kind: 'link', url: url.startsWith('/') ? `${options.publicUrl}${url}` : url, days: LINK_DAYS };
}
