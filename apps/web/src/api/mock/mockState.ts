import type { CreditTier, FileFormat, SeriesGlossaryEntry } from '@booktranslate/contract';
import { waitWords } from '@booktranslate/contract/translation-statuses';
import { wireBook, wireTranslation, wireUser } from './wire';

/** The mock backend's data, kept in local storage so a demo survives reloads. */
export interface MockTranslation {
  id: string;
  book_id: string;
  source_language: string;
  target_language: string;
  started_at: number;
  rating: number | null;
  /** Set by a cancel: the translation stays canceled until a retry. */
  canceled_at?: number | null;
  /** The credit it took (absent in older demos: FREE); a FREE one makes a preview until the rest is translated. */
  tier?: CreditTier;
  /** Set once the rest of a Free preview was asked for. */
  whole?: boolean;
  /** Started after another into its language had finished: the memory holds the demo book's first chapter. */
  fromMemory?: boolean;
  /** Started in the economy lane: it waits for the provider's batch before it completes. */
  lane?: 'economy';
}

/** The words of the demo book's first chapter a mock translation takes from memory. */
export const MOCK_MEMORY_WORDS = 1850;

/** A mock Free preview's numbers: the demo book stands for a long one. */
export const MOCK_PREVIEW = { word_limit: 5000, words_translated: 4987, words_total: 26559 };
export interface MockBook {
  id: string;
  title: string;
  author: string;
  original_language: string;
  original_format: FileFormat;
  file_size: number;
  created_at: string;
}
/** What the reader changed in one translation: edits and re-translations by block id. */
export interface MockPassageChanges {
  /** Re-translations of single passages used. */
  used: number;
  /** The user's own text, placeholder form. */
  edits: Record<string, string>;
  /** The engine's newer version after a re-translation. */
  engine: Record<string, string>;
}
export interface MockState {
  signedIn: boolean;
  user: {
    id: string;
    email: string;
    full_name: string;
    credits: { FREE: number; READER: number; BOOKWORM: number };
    preferred_languages: string[];
    email_notifications: boolean;
    /** False after a mock sign-up until the mock link is used; absent (confirmed) in older demos. */
    email_confirmed?: boolean;
  };
  books: MockBook[];
  translations: MockTranslation[];
  /** By translation id; absent in demos saved before the reader existed. */
  passages?: Record<string, MockPassageChanges>;
  /** Reading-app passwords (their secrets are never kept); absent in older demos. */
  appPasswords?: { id: string; name: string; created_at: string; last_used_at: string | null }[];
  /** Device addresses books are e-mailed to. */
  devices?: { address: string; send_when_finished: boolean }[];
  emailBookWhenReady?: boolean;
  /** Sends to devices, newest first; `created_at` in ms. */
  deliveries?: { id: string; translation_id: string; address: string; created_at: number }[];
  /** The user's series; absent in older demos. */
  series?: {
    id: string;
    name: string;
    books: { book_id: string; volume: number | null }[];
    glossaries: Record<string, SeriesGlossaryEntry[]>;
  }[];
}

// v2: ids are UUIDs and every answer is the contract's (older demos start afresh).
const KEY = 'booktranslate.mock.v2';
/** A mock translation completes this long after it starts (spec section 9). */
export const MOCK_COMPLETION_MS = 5000;
/** A mock economy translation waits this long for its batch (hours on a real provider). */
export const MOCK_ECONOMY_MS = 30_000;

export function loadState(): MockState {
  try {
    const raw = localStorage.getItem(KEY);
    if (raw) return JSON.parse(raw) as MockState;
  } catch {
    // fall through to a fresh state
  }
  return {
    signedIn: false,
    user: {
      id: mockId(),
      email: 'demo@example.com',
      full_name: 'Demo Reader',
      credits: { FREE: 2, READER: 0, BOOKWORM: 0 },
      preferred_languages: [],
      email_notifications: true,
    },
    books: [],
    translations: [],
  };
}

export function saveState(state: MockState): void {
  localStorage.setItem(KEY, JSON.stringify(state));
}

/** A version-4 UUID (getRandomValues works on plain http too, where randomUUID does not). */
export function mockId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * pending/processing until 5 s have passed, then completed with progress 100; an economy one is
 * translating while it waits for the provider's batch, 30 s.
 */
export function translationView(t: MockTranslation, now = Date.now()) {
  const elapsed = (t.canceled_at ?? now) - t.started_at;
  const takes = t.lane === 'economy' ? MOCK_ECONOMY_MS : MOCK_COMPLETION_MS;
  const done = !t.canceled_at && elapsed >= takes;
  const progress = done ? 100 : Math.min(99, Math.round((elapsed / takes) * 100));
  const waiting = t.lane === 'economy' && !done && !t.canceled_at && elapsed >= 1000;
  return wireTranslation({
    id: t.id,
    book_id: t.book_id,
    source_language: t.source_language,
    target_language: t.target_language,
    status: t.canceled_at
      ? 'canceled'
      : done
        ? 'completed'
        : elapsed < 1000
          ? 'pending'
          : waiting
            ? 'translating'
            : 'processing',
    progress,
    progress_percentage: progress,
    engine: 'demo',
    created_at: new Date(t.started_at).toISOString(),
    updated_at: new Date(t.started_at).toISOString(),
    completed_at: done ? new Date(t.started_at + takes).toISOString() : null,
    estimated_completion: new Date(t.started_at + (t.lane === 'economy' ? takes : 30 * 60_000)).toISOString(),
    lane: t.lane ?? 'standard',
    waiting_for: waiting ? 'provider_batch' : null,
    status_detail: waiting ? waitWords('provider_batch') : null,
    engine_is_demo: true,
    words_from_memory: t.fromMemory ? MOCK_MEMORY_WORDS : 0,
    rating: t.rating,
    ...previewFields(t),
  });
}

function previewFields(t: MockTranslation) {
  const preview = (t.tier ?? 'FREE') === 'FREE' && !t.whole;
  return {
    credit_tier: t.whole && t.tier === 'FREE' ? ('READER' as const) : (t.tier ?? 'FREE'),
    word_limit: preview ? MOCK_PREVIEW.word_limit : null,
    preview: preview ? MOCK_PREVIEW : null,
  };
}

export function bookView(book: MockBook, translations: MockTranslation[]) {
  return wireBook({
    ...book,
    original_filename: `${book.title}.${book.original_format}`,
    updated_at: book.created_at,
    translations: translations.map((t) => translationView(t)),
  });
}

/** Free credits a mock sign-up gets once its address is confirmed, as the server's sign-up grant. */
export const MOCK_SIGNUP_CREDITS = 2;

export function userView(s: MockState) {
  const c = s.user.credits;
  const [first = '', ...rest] = s.user.full_name.split(' ');
  const confirmed = s.user.email_confirmed !== false;
  return wireUser({
    ...s.user,
    email_confirmed: confirmed,
    free_credits_pending: confirmed ? 0 : MOCK_SIGNUP_CREDITS,
    first_name: first,
    last_name: rest.join(' '),
    subscription_plan: 'free',
    subscription_status: 'active',
    credits_available: { ...c },
    available_credits: c.FREE + c.READER + c.BOOKWORM,
  });
}
