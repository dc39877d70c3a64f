import { ApiError } from '../http';
import { loadState, type MockState, mockId, saveState, translationView, userView } from './mockState';

type Json = Record<string, unknown>;
type Route = (s: MockState, m: RegExpMatchArray, body: Json) => unknown;

const PLANS = [
  {
    code: 'free',
    name: 'Free',
    price: 0,
    yearly_price: 0,
    recommended: false,
    button_text: 'Try Free',
    features: ['2 trial translations of 5,000 words each', 'EPUB, FB2 and TXT', 'Files up to 100MB'],
  },
  {
    code: 'reader',
    name: 'Reader',
    price: 19,
    yearly_price: 179,
    recommended: true,
    features: [
      'Up to 2 books per month (24 per year)',
      'Unused translations roll over on yearly plans',
      'Money-back guarantee',
    ],
  },
  {
    code: 'bookworm',
    name: 'BookWorm',
    price: 49,
    yearly_price: 399,
    recommended: false,
    features: [
      'Up to 7 books per month (84 per year)',
      'Unused translations roll over on yearly plans',
      'Money-back guarantee',
    ],
  },
];

const unauthorized = () => new ApiError(401, 'Authentication required', 'UNAUTHENTICATED');
const signedIn = (s: MockState) => {
  if (!s.signedIn) throw unauthorized();
};

function spendCredit(s: MockState) {
  const c = s.user.credits;
  const tier = c.BOOKWORM > 0 ? 'BOOKWORM' : c.READER > 0 ? 'READER' : c.FREE > 0 ? 'FREE' : null;
  if (!tier) throw new ApiError(402, 'You have no translation credits left', 'INSUFFICIENT_CREDITS');
  c[tier] -= 1;
}

function session(s: MockState, body: Json) {
  s.signedIn = true;
  if (typeof body.email === 'string') s.user.email = body.email;
  if (typeof body.full_name === 'string' && body.full_name) s.user.full_name = body.full_name;
  // Mock tokens live one hour (spec section 9).
  return {
    access_token: 'mock-access',
    refresh_token: 'mock-refresh',
    expires_at: new Date(Date.now() + 3600_000).toISOString(),
    user: userView(s),
  };
}

function findTranslation(s: MockState, id: string | undefined) {
  const t = s.translations.find((x) => x.id === id);
  if (!t) throw new ApiError(404, 'Not found', 'NOT_FOUND');
  return t;
}

function bookView(s: MockState, id: string) {
  const book = s.books.find((b) => b.id === id);
  if (!book) throw new ApiError(404, 'Not found', 'NOT_FOUND');
  const translations = s.translations.filter((t) => t.book_id === id).map((t) => translationView(t));
  return { ...book, translations, translation_count: translations.length };
}

function startTranslation(s: MockState, bookId: string, target: string) {
  spendCredit(s);
  const t = {
    id: mockId(),
    book_id: bookId,
    source_language: 'en',
    target_language: target || 'es',
    started_at: Date.now(),
    rating: null,
  };
  s.translations.push(t);
  return t;
}

const ROUTES: [string, RegExp, Route][] = [
  ['GET', /^\/auth\/csrf\/$/, () => ({ csrf_token: 'mock-csrf' })],
  ['POST', /^\/auth\/(login|register|oauth_callback)\/$/, (s, _m, b) => session(s, b)],
  [
    'POST',
    /^\/auth\/password-reset\/$/,
    () => ({
      success: true,
      message:
        'If an account exists for this address, we have sent it a link to choose a new password. The link works for one hour.',
    }),
  ],
  [
    'POST',
    /^\/auth\/password-reset\/confirm\/$/,
    () => ({ success: true, message: 'Your password was changed. Please sign in with the new password.' }),
  ],
  [
    'POST',
    /^\/auth\/logout\/$/,
    (s) => {
      s.signedIn = false;
      return { success: true };
    },
  ],
  [
    'GET',
    /^\/users\/profile\/$/,
    (s) => {
      signedIn(s);
      return userView(s);
    },
  ],
  [
    'PUT',
    /^\/users\/profile\/$/,
    (s, _m, b) => {
      signedIn(s);
      const p = (b.profile ?? {}) as Json;
      s.user.preferred_languages = (p.preferred_languages as string[]) ?? [];
      s.user.email_notifications = Boolean(p.email_notifications);
      return userView(s);
    },
  ],
  [
    'DELETE',
    /^\/users\/profile\/$/,
    (s) => {
      s.signedIn = false;
      s.books = [];
      s.translations = [];
      return { success: true };
    },
  ],
  [
    'GET',
    /^\/config\/public$/,
    () => ({
      product_name: 'BookTranslate',
      google_client_id: null,
      paypal_client_id: null,
      demo_engine: true,
      max_upload_bytes: 100 * 1024 * 1024,
      direct_uploads: false,
    }),
  ],
  [
    'GET',
    /^\/dashboard\/stats$/,
    () => ({
      books_translated: 1200,
      translations_completed: 3400,
      languages: 47,
      users: 800,
      words_translated: 98_000_000,
    }),
  ],
  [
    'GET',
    /^\/books\/$/,
    (s) => {
      signedIn(s);
      return { items: s.books.map((b) => bookView(s, b.id)), total: s.books.length, page: 1, limit: 10 };
    },
  ],
  [
    'POST',
    /^\/books\/$/,
    (s, _m, b) => {
      signedIn(s);
      const name = String(b.filename ?? 'book.txt');
      const book = {
        id: mockId(),
        title: name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' '),
        author: '',
        original_language: 'en',
        original_format: name.split('.').pop() ?? 'txt',
        file_size: Number(b.size ?? 0),
        created_at: new Date().toISOString(),
      };
      s.books.unshift(book);
      const t = startTranslation(s, book.id, String(b.target_language ?? 'es'));
      return { book: bookView(s, book.id), translation: translationView(t) };
    },
  ],
  [
    'DELETE',
    /^\/books\/([^/]+)\/$/,
    (s, m) => {
      signedIn(s);
      s.books = s.books.filter((b) => b.id !== m[1]);
      s.translations = s.translations.filter((t) => t.book_id !== m[1]);
      return { success: true };
    },
  ],
  [
    'POST',
    /^\/books\/([^/]+)\/add_translation\/$/,
    (s, m, b) => {
      signedIn(s);
      bookView(s, m[1] ?? '');
      return translationView(startTranslation(s, m[1] ?? '', String(b.target_language)));
    },
  ],
  [
    'GET',
    /^\/books\/([^/]+)\/download-original\/$/,
    (s, m) => ({
      downloadUrl: `data:text/plain,${encodeURIComponent(`Mock original of ${bookView(s, m[1] ?? '').title}`)}`,
      expires_in: 3600,
    }),
  ],
  [
    'GET',
    /^\/translations\/([^/]+)\/brief\/$/,
    () => ({
      brief: {
        genre: 'Demo',
        register: 'neutral',
        narrator: '',
        summary: 'Mock mode: no analysis ran.',
        style_notes: '',
        glossary: [],
      },
    }),
  ],
  ['PUT', /^\/translations\/([^/]+)\/brief\/$/, (_s, _m, b) => ({ brief: b })],
  [
    'GET',
    /^\/translations\/([^/]+)\/report\/$/,
    () => ({
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
      summary: '12 of 12 passages translated; no problems found (mock mode)',
    }),
  ],
  [
    'PUT',
    /^\/translations\/([^/]+)\/rating\/$/,
    (s, m, b) => {
      const t = s.translations.find((x) => x.id === m[1]);
      if (t) t.rating = Number(b.rating);
      return { success: true };
    },
  ],
  [
    'POST',
    /^\/translations\/([^/]+)\/retry\/$/,
    (s, m) => {
      const t = findTranslation(s, m[1]);
      t.started_at = Date.now();
      t.canceled_at = null;
      return translationView(t);
    },
  ],
  ['GET', /^\/translations\/([^/]+)\/$/, (s, m) => translationView(findTranslation(s, m[1]))],
  [
    'POST',
    /^\/translations\/([^/]+)\/cancel\/$/,
    (s, m) => {
      signedIn(s);
      const t = findTranslation(s, m[1]);
      const status = translationView(t).status;
      if (status === 'completed' || status === 'canceled')
        throw new ApiError(409, `A ${status} translation cannot be canceled`, 'CONFLICT');
      // Mock translations never reach the translating step, so the credit always comes back.
      t.canceled_at = Date.now();
      s.user.credits.FREE += 1;
      return translationView(t);
    },
  ],
  [
    'POST',
    /^\/auth\/refresh\/$/,
    (s) => {
      signedIn(s);
      return session(s, {});
    },
  ],
  [
    'PUT',
    /^\/users\/update_profile\/$/,
    (s, _m, b) => {
      signedIn(s);
      if (typeof b.full_name === 'string' && b.full_name) s.user.full_name = b.full_name;
      return userView(s);
    },
  ],
  ['POST', /^\/billing\/subscriptions\/([^/]+)\/cancel\/$/, () => ({ success: true, status: 'CANCELLED' })],
  [
    'GET',
    /^\/billing\/paypal\/subscription\/([^/]+)\/activate\/$/,
    (_s, m) => ({ id: m[1], status: 'ACTIVE', plan: { code: 'reader', name: 'Reader' } }),
  ],
  ['GET', /^\/billing\/plans\/$/, () => ({ items: PLANS })],
  [
    'GET',
    /^\/billing\/subscriptions\/$/,
    () => ({
      items: [
        {
          id: 'mock-sub',
          status: 'ACTIVE',
          plan: { code: 'free', plan_type: 'free', name: 'Free', price_cents: 0 },
        },
      ],
    }),
  ],
  ['GET', /^\/billing\/transactions\/$/, () => ({ items: [] })],
  ['POST', /^\/support\/messages\/$/, () => ({ success: true })],
  [
    'POST',
    /^\/translations\/quote\/$/,
    (_s, _m, b) => ({
      title: String(b.filename ?? 'book').replace(/\.[^.]+$/, ''),
      author: '',
      words: 104212,
      chapters: 38,
      source_language: 'en',
      target_language: String(b.target_language ?? 'es'),
      credit_tier: 'FREE',
      words_covered: 5000,
      coverage: "Your Free credit translates the first 5,000 of this book's 104,212 words.",
      estimated_seconds: 55,
    }),
  ],
];

/** Answers an API call from local state, after a short pause like a network would. */
export async function mockRequest(method: string, path: string, body: Json = {}): Promise<unknown> {
  await new Promise((r) => setTimeout(r, 150));
  const state = loadState();
  for (const [m, pattern, handler] of ROUTES) {
    const match = m === method ? path.match(pattern) : null;
    if (!match) continue;
    const result = handler(state, match, body);
    saveState(state);
    return result;
  }
  throw new ApiError(404, `Mock mode has no answer for ${method} ${path}`, 'NOT_FOUND');
}
