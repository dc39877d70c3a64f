import type {
  AppPassword,
  Book,
  CreatedAppPassword,
  Delivery,
  LoginResponse,
  Passage,
  PassageResponse,
  PassagesResponse,
  PublicConfig,
  RouteOutput,
  routes,
  Series,
  Translation,
  TranslationQuote,
  TranslationReport,
  User,
} from '@booktranslate/contract';
import { emptyBrief } from '../types';

// Whole answers as the contract writes them, for mock mode and the web tests: each builder fills
// every field the schema asks for; callers override what their screen is about.

export const EPOCH = '2026-01-01T00:00:00.000Z';

/** A stable UUID from a short hex tag: wireId('b1') is 00000000-0000-4000-8000-0000000000b1. */
export function wireId(tag: string): string {
  return `00000000-0000-4000-8000-${tag.padStart(12, '0')}`;
}

export function wireUser(over: Partial<User> = {}): User {
  return {
    id: wireId('a1'),
    email: 'ann@example.com',
    first_name: 'Ann',
    last_name: 'Reader',
    full_name: 'Ann Reader',
    picture: null,
    subscription_plan: 'free',
    subscription_status: 'active',
    available_credits: 2,
    credits_available: { FREE: 2, READER: 0, BOOKWORM: 0 },
    billing_plan_type: null,
    preferred_languages: [],
    email_notifications: true,
    email_confirmed: true,
    free_credits_pending: 0,
    created_at: EPOCH,
    updated_at: EPOCH,
    ...over,
  };
}

export function wireSession(user: User): LoginResponse {
  return {
    access_token: 'access',
    refresh_token: 'refresh',
    expires_at: new Date(Date.now() + 3600_000).toISOString(),
    user,
  };
}

export function wireTranslation(over: Partial<Translation> = {}): Translation {
  const id = over.id ?? wireId('c1');
  const bookId = over.book_id ?? wireId('b1');
  return {
    id,
    book_id: bookId,
    file_id: bookId,
    file_name: 'book.epub',
    file_type: 'epub',
    file_size: 1024,
    book_title: 'Book',
    source_language: 'en',
    target_language: 'es',
    status: 'pending',
    progress: 0,
    progress_percentage: over.progress ?? 0,
    failure_reason: null,
    failure_kind: null,
    current_chapter: null,
    words_total: 0,
    words_done: 0,
    words_from_memory: 0,
    word_limit: null,
    preview: null,
    engine: null,
    engine_is_demo: false,
    credit_tier: 'FREE',
    rating: null,
    rating_comment: null,
    output_file_id: null,
    created_at: EPOCH,
    updated_at: EPOCH,
    completed_at: null,
    estimated_completion: null,
    lane: 'standard',
    waiting_for: null,
    status_detail: null,
    ...over,
  };
}

export function wireBook(over: Partial<Book> = {}): Book {
  const id = over.id ?? wireId('b1');
  const translations = over.translations ?? [];
  return {
    id,
    title: 'Book',
    author: '',
    description: null,
    original_language: 'en',
    original_format: 'epub',
    original_filename: 'book.epub',
    original_file_url: `/api/v1/books/${id}/download-original/`,
    cover_url: null,
    file_size: 1024,
    word_count: null,
    created_at: EPOCH,
    updated_at: EPOCH,
    translation_count: translations.length,
    ...over,
    translations,
  };
}

export function wireConfig(over: Partial<PublicConfig> = {}): PublicConfig {
  return {
    product_name: 'BookTranslate',
    google_client_id: null,
    paypal_client_id: null,
    demo_engine: false,
    real_pairs: null,
    max_upload_bytes: 100 * 1024 * 1024,
    glossary_review_hours: 168,
    direct_uploads: false,
    economy_lane: false,
    ...over,
  };
}

/** A quote of a Free credit into Spanish by Apertium. */
export function wireQuote(over: Partial<TranslationQuote> = {}): TranslationQuote {
  return {
    title: 'Jack Sheppard',
    author: 'William Harrison Ainsworth',
    words: 104212,
    chapters: 38,
    source_language: 'en',
    target_language: 'es',
    credit_tier: 'FREE',
    words_covered: 5000,
    coverage: "Your Free credit translates the first 5,000 of this book's 104,212 words.",
    engine: 'apertium',
    engine_is_demo: false,
    estimated_seconds: 7,
    words_from_memory: 0,
    memory: null,
    textless_pages: [],
    lanes: ['standard'],
    economy_note: null,
    ...over,
  };
}

type BriefAnswer = RouteOutput<typeof routes.translations.getBrief>;
type WireBrief = NonNullable<BriefAnswer['brief']>;

/** GET /translations/{id}/brief/: `brief` null until analysis wrote one. */
export function wireBriefAnswer(
  translationId: string,
  brief: Partial<WireBrief> | null,
  over: Partial<BriefAnswer> = {},
): BriefAnswer {
  return {
    translation_id: translationId,
    status: 'completed',
    edited: false,
    brief: brief && { ...emptyBrief, ...brief },
    changed_terms: [],
    engine_follows_glossary: true,
    ...over,
  };
}

/** GET /translations/{id}/report/ of a book of 12 passages, every one translated and nothing found. */
export function wireReport(over: Partial<TranslationReport> = {}): TranslationReport {
  return {
    blocks_total: 12,
    blocks_translated: 12,
    untranslated: [],
    glossary: { terms: [], violations: [] },
    inconsistent_names: [],
    length_outliers: [],
    repaired: [],
    chatter: [],
    reported: [],
    refined: [],
    source_words: [],
    missing_script: [],
    unchecked: [],
    summary: '12 of 12 passages translated; no problems found',
    ...over,
  };
}

/** The error body of every failed call, with the details a screen decides on (`reason`). */
export function wireError(code: string, message: string, details?: Record<string, unknown>) {
  return { success: false as const, error: { code, message, ...(details ? { details } : {}) } };
}

/** One passage of the reader: a plain paragraph, translated by the engine, not flagged. */
export function wirePassage(over: Partial<Passage> = {}): Passage {
  return {
    block_id: 'b1',
    kind: 'paragraph',
    source: [{ type: 'text', text: 'The sea was calm.', marks: [] }],
    target: [{ type: 'text', text: 'El mar estaba en calma.', marks: [] }],
    target_text: 'El mar estaba en calma.',
    flags: [],
    edited: false,
    beyond_preview: false,
    from_memory: false,
    retranslated: false,
    ...over,
  };
}

/** GET /translations/{id}/passages/: one chapter of one, English to Spanish. */
export function wirePassagesAnswer(over: Partial<PassagesResponse> = {}): PassagesResponse {
  const passages = over.passages ?? [wirePassage()];
  return {
    translation_id: wireId('c1'),
    source_language: 'en',
    target_language: 'es',
    source_direction: 'ltr',
    target_direction: 'ltr',
    chapter: 0,
    chapters: [
      {
        index: 0,
        title: 'Chapter 1',
        depth: 0,
        part: 1,
        parts: 1,
        flagged: passages.filter((p) => p.flags.length > 0).length,
        passages: passages.length,
      },
    ],
    retranslations: { used: 0, limit: 20, follows_instructions: true },
    ...over,
    passages,
  };
}

/** The answer of an edit, an undo or a re-translation: the passage as it is now. */
export function wirePassageAnswer(
  passage: Passage,
  retranslations: PassageResponse['retranslations'] = { used: 0, limit: 20, follows_instructions: true },
): PassageResponse {
  return { passage, retranslations };
}

/** GET /user/settings/: no devices, the product's sender, no book by e-mail. */
export function wireSettings(
  over: Partial<RouteOutput<typeof routes.users.getSettings>> = {},
): RouteOutput<typeof routes.users.getSettings> {
  return {
    email_notifications: true,
    push_notifications: false,
    preferred_languages: [],
    default_target_languages: [],
    device_addresses: [],
    sender_address: 'books@booktranslate.example',
    email_book_when_ready: false,
    ...over,
  };
}

/** One reading-app password as the list shows it: never used. */
export function wireAppPassword(over: Partial<AppPassword> = {}): AppPassword {
  return { id: wireId('a01'), name: 'Kobo', created_at: EPOCH, last_used_at: null, ...over };
}

/** The answer to a creation, with its one-time password and the token addresses. */
export function wireCreatedAppPassword(over: Partial<CreatedAppPassword> = {}): CreatedAppPassword {
  const base = wireAppPassword(over);
  const token = `${base.id}.k7mqxa3p9wzt4hnc2rdvbe6y`;
  const origin = 'https://books.example';
  return {
    ...base,
    password: 'k7mq-xa3p-9wzt-4hnc-2rdv-be6y',
    token,
    urls: {
      opds: `${origin}/opds/`,
      opds_v2: `${origin}/opds/v2/`,
      opds_token: `${origin}/opds/t/${token}/`,
      opds_v2_token: `${origin}/opds/t/${token}/v2/`,
    },
    ...over,
  };
}

/** One send of a translation to a device: queued. */
export function wireDelivery(over: Partial<Delivery> = {}): Delivery {
  return {
    id: wireId('d1'),
    translation_id: wireId('c1'),
    address: 'ann@kindle.com',
    format: 'epub',
    status: 'queued',
    error: null,
    attempts: 0,
    created_at: EPOCH,
    updated_at: EPOCH,
    ...over,
  };
}

/** A series of two volumes, with a Spanish glossary of one name and one place. */
export function wireSeries(over: Partial<Series> = {}): Series {
  return {
    id: wireId('5e1'),
    name: 'The Mill Stories',
    books: [
      { book_id: wireId('b1'), title: 'The First Mill', volume: 1 },
      { book_id: wireId('b2'), title: 'The Second Mill', volume: 2 },
    ],
    glossaries: {
      es: [
        { source: 'Mara', target: 'Mara', kind: 'character' },
        { source: 'Millbrook', target: 'Arroyo del Molino', kind: 'place' },
      ],
    },
    ...over,
  };
}
