import type { MailAttachment, OutgoingMail } from './mailer';

/** A translated book for the completion e-mail: attached, or a signed link past the size limit. */
export type MailBook =
  | { kind: 'attachment'; attachment: MailAttachment }
  | { kind: 'link'; url: string; days: number };

// Plain-text messages: they render everywhere and carry no tracking. Links use PUBLIC_URL.

const signature = '\n\n-- \nBookTranslate';

export function translationFinishedMail(input: {
  to: string;
  publicUrl: string;
  bookTitle: string;
  targetLanguage: string;
  ok: boolean;
  reason?: string | null;
  /** The translated EPUB, attached, or a signed link to it when it is too large to attach. */
  book?: MailBook | null;
}): OutgoingMail {
  const link = `${input.publicUrl}/dashboard`;
  if (input.ok) {
    const book =
      input.book?.kind === 'attachment'
        ? `\n\nThe EPUB is attached (${input.book.attachment.filename}).`
        : input.book?.kind === 'link'
          ? `\n\nThe EPUB is too large to attach; download it within ${input.book.days} days: ${input.book.url}`
          : '';
    return {
      to: input.to,
      subject: `Your translation of "${input.bookTitle}" is ready`,
      text: `Your translation of "${input.bookTitle}" into ${input.targetLanguage} is complete.${book}\n\nDownload it as EPUB, FB2 or TXT from your dashboard: ${link}${signature}`,
      ...(input.book?.kind === 'attachment' ? { attachments: [input.book.attachment] } : {}),
    };
  }
  return {
    to: input.to,
    subject: `Your translation of "${input.bookTitle}" failed`,
    text: `We could not finish translating "${input.bookTitle}" into ${input.targetLanguage}.${input.reason ? `\n\nReason: ${input.reason}` : ''}\n\nThe credit it used has been returned. You can retry from your dashboard: ${link}${signature}`,
  };
}

export function paymentReceivedMail(input: {
  to: string;
  planName: string;
  amount: string;
  credits: number;
  nextBillingDate: Date | null;
}): OutgoingMail {
  const next = input.nextBillingDate
    ? `\nNext billing date: ${input.nextBillingDate.toISOString().slice(0, 10)}`
    : '';
  return {
    to: input.to,
    subject: `Payment received: ${input.planName} plan`,
    text: `Thank you! We received your payment of $${input.amount} for the ${input.planName} plan.\n${input.credits} translation credits were added to your account.${next}${signature}`,
  };
}

export function subscriptionCancelledMail(input: {
  to: string;
  planName: string;
  endsAt: Date | null;
}): OutgoingMail {
  const when = input.endsAt
    ? `You keep access to the ${input.planName} plan until ${input.endsAt.toISOString().slice(0, 10)}.`
    : `Your ${input.planName} plan has ended.`;
  return {
    to: input.to,
    subject: 'Your subscription was cancelled',
    text: `Your ${input.planName} subscription was cancelled. No further payments will be taken.\n${when} Credits you already have stay in your account.${signature}`,
  };
}

export function accountDeletedMail(input: { to: string; purgeAfter: Date }): OutgoingMail {
  return {
    to: input.to,
    subject: 'Your account is being deleted',
    text: `As you asked, your account was closed and you were signed out everywhere. Any subscription was cancelled.\nYour books, translations and personal data will be erased by ${input.purgeAfter.toISOString().slice(0, 10)}.\n\nIf you did not ask for this, reply to this message at once.${signature}`,
  };
}

export function supportRequestMail(input: {
  to: string;
  name: string;
  email: string;
  message: string;
  id: string;
}): OutgoingMail {
  return {
    to: input.to,
    replyTo: input.email,
    subject: `Support request from ${input.name.replace(/\s+/g, ' ')}`,
    text: `From: ${input.name} <${input.email}>\nRequest id: ${input.id}\n\n${input.message}`,
  };
}

export function passwordResetMail(input: { to: string; link: string; validMinutes: number }): OutgoingMail {
  return {
    to: input.to,
    subject: 'Reset your BookTranslate password',
    text: `Someone asked to reset the password of the BookTranslate account for this address.\n\nTo choose a new password, open this link within ${input.validMinutes} minutes. It works once:\n${input.link}\n\nIf you did not ask for this, ignore this message: your password stays as it is.${signature}`,
  };
}

export function passwordChangedMail(input: { to: string; publicUrl: string }): OutgoingMail {
  return {
    to: input.to,
    subject: 'Your BookTranslate password was changed',
    text: `The password of your BookTranslate account was just changed with a reset link, and every device was signed out.\n\nIf this was not you, reset it again at once: ${input.publicUrl}/forgot-password${signature}`,
  };
}

export function emailConfirmationMail(input: {
  to: string;
  link: string;
  validHours: number;
  freeCredits: number;
}): OutgoingMail {
  const credits =
    input.freeCredits > 0
      ? ` Confirming it adds your ${input.freeCredits} free trial translations to your account.`
      : '';
  return {
    to: input.to,
    subject: 'Confirm your BookTranslate e-mail address',
    text: `Please confirm that this address belongs to your new BookTranslate account.${credits}\n\nOpen this link within ${input.validHours} hours. It works once:\n${input.link}\n\nIf you did not create an account, ignore this message: nothing happens without the link.${signature}`,
  };
}
