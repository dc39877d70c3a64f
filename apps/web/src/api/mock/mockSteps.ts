// The mock API's shared steps: the session, credits, finding a user's translation and book.
import type { CreditTier, FileFormat } from '@booktranslate/contract';
import { sourceFormatOfName } from '@booktranslate/contract/formats';
import { noCreditsMessage } from '@booktranslate/contract/no-credits';
import { fail } from './mockFail';
import { type MockState, mockId, translationView, userView, bookView as wireBookView } from './mockState';
import { wireSession } from './wire';

type Json = Record<string, unknown>;

/** Where a mock demo's confirmation "link" leads (any token works in mock mode). */
export const MOCK_CONFIRM_PATH = '/confirm-email?token=mock-link-from-the-e-mail';

export const unauthorized = () => fail(401, 'UNAUTHENTICATED', 'Authentication required');
export const signedIn = (s: MockState) => {
  if (!s.signedIn) throw unauthorized();
};

/** Spends one credit, BOOKWORM first, from `tiers` only when given (the rest of a preview: paid ones). */
export function spendCredit(s: MockState, tiers: readonly CreditTier[] = ['BOOKWORM', 'READER', 'FREE']) {
  const c = s.user.credits;
  const tier = tiers.find((candidate) => c[candidate] > 0) ?? null;
  if (!tier) throw fail(402, 'INSUFFICIENT_CREDITS', noCreditsMessage);
  c[tier] -= 1;
  return tier;
}

export function session(s: MockState, body: Json) {
  s.signedIn = true;
  if (typeof body.email === 'string') s.user.email = body.email;
  if (typeof body.full_name === 'string' && body.full_name) s.user.full_name = body.full_name;
  // Mock tokens live one hour (spec section 9).
  return wireSession(userView(s));
}

export function findTranslation(s: MockState, id: string | undefined) {
  const t = s.translations.find((x) => x.id === id);
  if (!t) throw fail(404, 'NOT_FOUND', 'Not found');
  return t;
}

export function bookView(s: MockState, id: string) {
  const book = s.books.find((b) => b.id === id);
  if (!book) throw fail(404, 'NOT_FOUND', 'Not found');
  return wireBookView(
    book,
    s.translations.filter((t) => t.book_id === id),
  );
}

/** The stored format of an uploaded file, by its name (the contract's list; EPUB when unknown). */
export const formatOf = (name: string): FileFormat => sourceFormatOfName(name) ?? 'epub';

/** True when a translation into `target` has finished: every mock book is the demo book, so its memory has it. */
export function memoryHolds(s: MockState, target: string): boolean {
  return s.translations.some(
    (t) => t.target_language === target && translationView(t).status === 'completed',
  );
}

export function startTranslation(s: MockState, bookId: string, target: string, lane?: unknown) {
  const tier = spendCredit(s);
  const fromMemory = memoryHolds(s, target || 'es');
  const t = {
    id: mockId(),
    tier,
    book_id: bookId,
    source_language: 'en',
    target_language: target || 'es',
    started_at: Date.now(),
    rating: null,
    ...(fromMemory && { fromMemory }),
    ...(lane === 'economy' && { lane: 'economy' as const }),
  };
  s.translations.push(t);
  return t;
}
