import { Brief, memorySentence } from '@booktranslate/contract';
import { ECONOMY_LANE_WORDS } from '@booktranslate/contract/translation-statuses';
import { checkAnswer } from './contractCheck';
import { billingRoutes } from './mockBilling';
import { DEMO_BOOK } from './mockBook';
import { fail } from './mockFail';
import { MOCK_GLOSSARY } from './mockGlossary';
import { passageRoutes } from './mockPassages';
import { previewRoutes } from './mockPreview';
import { readingRoutes } from './mockReading';
import { removeFromMockSeries, seriesRoutes, suggestMockSeries } from './mockSeries';
import {
  loadState,
  MOCK_MEMORY_WORDS,
  MOCK_PREVIEW,
  MOCK_SIGNUP_CREDITS,
  type MockState,
  mockId,
  saveState,
  translationView,
  userView,
} from './mockState';
import {
  bookView,
  findTranslation,
  formatOf,
  MOCK_CONFIRM_PATH,
  memoryHolds,
  session,
  signedIn,
  startTranslation,
} from './mockSteps';
import { wireBriefAnswer, wireQuote, wireReport } from './wire';

type Json = Record<string, unknown>;
type Route = (s: MockState, m: RegExpMatchArray, body: Json) => unknown;

const ROUTES: [string, RegExp, Route][] = [
  ['GET', /^\/auth\/csrf\/$/, () => ({ csrf_token: 'mock-csrf' })],
  ['POST', /^\/auth\/(login|oauth_callback)\/$/, (s, _m, b) => session(s, b)],
  [
    'POST',
    /^\/auth\/register\/$/,
    (s, _m, b) => {
      // A new account, as the server makes it: no Free credits until the address is confirmed.
      s.user.email_confirmed = false;
      s.user.credits.FREE = 0;
      return session(s, b);
    },
  ],
  [
    'POST',
    /^\/auth\/email\/confirm\/$/,
    (s) => {
      if (s.user.email_confirmed !== false) {
        throw fail(400, 'VALIDATION_ERROR', 'This confirmation link was already used.', { reason: 'used' });
      }
      s.user.email_confirmed = true;
      s.user.credits.FREE += MOCK_SIGNUP_CREDITS;
      return {
        success: true,
        message: `Your address is confirmed; ${MOCK_SIGNUP_CREDITS} free credits were added.`,
        credits_granted: MOCK_SIGNUP_CREDITS,
      };
    },
  ],
  [
    'POST',
    /^\/auth\/email\/resend\/$/,
    (s) => {
      signedIn(s);
      if (s.user.email_confirmed !== false) {
        throw fail(409, 'CONFLICT', 'Your e-mail address is already confirmed.');
      }
      // No mail leaves a mock demo: the answer says where the link would have led.
      return {
        success: true,
        message: `Mock mode sends no e-mail. Open ${MOCK_CONFIRM_PATH} to confirm ${s.user.email}.`,
      };
    },
  ],
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
      s.series = [];
      return {
        success: true,
        message: 'Your account was deleted.',
        purge_after: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      };
    },
  ],
  [
    'GET',
    /^\/config\/public$/,
    () => ({
      product_name: 'BookTranslate',
      google_client_id: null,
      paypal_client_id: null,
      // Mock translations are the demo engine's, whatever the pair.
      demo_engine: true,
      real_pairs: [],
      max_upload_bytes: 100 * 1024 * 1024,
      glossary_review_hours: 168,
      direct_uploads: false,
      // The demo shows the economy lane: its translations wait for a (pretend) provider batch.
      economy_lane: true,
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
        original_format: formatOf(name),
        file_size: Number(b.size ?? 0),
        created_at: new Date().toISOString(),
      };
      s.books.unshift(book);
      suggestMockSeries(s, book.id);
      const t = startTranslation(s, book.id, String(b.target_language ?? 'es'), b.lane);
      return { success: true, data: { book: bookView(s, book.id), translation: translationView(t) } };
    },
  ],
  ['GET', /^\/books\/([^/]+)\/$/, (s, m) => bookView(s, m[1] ?? '')],
  [
    'DELETE',
    /^\/books\/([^/]+)\/$/,
    (s, m) => {
      signedIn(s);
      s.books = s.books.filter((b) => b.id !== m[1]);
      s.translations = s.translations.filter((t) => t.book_id !== m[1]);
      removeFromMockSeries(s, m[1] ?? '');
      return { success: true };
    },
  ],
  [
    'POST',
    /^\/books\/([^/]+)\/add_translation\/$/,
    (s, m, b) => {
      signedIn(s);
      bookView(s, m[1] ?? '');
      return translationView(startTranslation(s, m[1] ?? '', String(b.target_language), b.lane));
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
    (s, m) => {
      const t = translationView(findTranslation(s, m[1]));
      return wireBriefAnswer(
        m[1] ?? '',
        {
          genre: 'Demo',
          register: 'neutral',
          summary: 'Mock mode: no analysis ran.',
          glossary: MOCK_GLOSSARY,
        },
        { status: t.status, engine_follows_glossary: !t.engine_is_demo },
      );
    },
  ],
  [
    'PUT',
    /^\/translations\/([^/]+)\/brief\/$/,
    (s, m, b) => {
      const t = translationView(findTranslation(s, m[1]));
      return wireBriefAnswer(m[1] ?? '', Brief.parse(b), {
        status: t.status,
        edited: true,
        engine_follows_glossary: !t.engine_is_demo,
      });
    },
  ],
  [
    'GET',
    /^\/translations\/([^/]+)\/report\/$/,
    (s, m) => {
      const economy = findTranslation(s, m[1]).lane === 'economy';
      return wireReport({
        summary: '12 of 12 passages translated; no problems found (mock mode)',
        provider: {
          lane: economy ? 'economy' : 'standard',
          requests: 4,
          input_tokens: 18_240,
          output_tokens: 21_530,
          reasoning_tokens: 3_200,
          cost_usd: economy ? 0.0712 : 0.1424,
          cost_saved_usd: economy ? 0.0712 : 0,
        },
      });
    },
  ],
  [
    'PUT',
    /^\/translations\/([^/]+)\/rating\/$/,
    (s, m, b) => {
      const found = findTranslation(s, m[1]);
      found.rating = Number(b.rating);
      return translationView(found);
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
  ...passageRoutes,
  ...previewRoutes,
  ...readingRoutes,
  ['GET', /^\/translations\/([^/]+)\/$/, (s, m) => translationView(findTranslation(s, m[1]))],
  [
    'POST',
    /^\/translations\/([^/]+)\/cancel\/$/,
    (s, m) => {
      signedIn(s);
      const t = findTranslation(s, m[1]);
      const status = translationView(t).status;
      if (status === 'completed' || status === 'canceled')
        throw fail(409, 'CONFLICT', `A ${status} translation cannot be canceled`);
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
  ...billingRoutes,
  ...seriesRoutes,
  [
    'POST',
    /^\/support\/messages\/$/,
    () => ({ success: true, id: mockId(), message: 'Thank you! Your message has been sent.' }),
  ],
  [
    'POST',
    /^\/translations\/quote\/$/,
    (s, _m, b) => {
      const target = String(b.target_language ?? 'es');
      // The demo book stands for a long one, of which a Free credit covers the first words.
      const { word_limit: covered, words_total: words } = MOCK_PREVIEW;
      const remembered = memoryHolds(s, target);
      const n = (x: number) => x.toLocaleString('en-US');
      const coverage = `Your Free credit translates the first ${n(covered)} of this book's ${n(words)} words.`;
      const memory = remembered ? memorySentence(MOCK_MEMORY_WORDS, covered) : null;
      return wireQuote({
        title: String(b.filename ?? 'book').replace(/\.[^.]+$/, ''),
        author: '',
        words,
        chapters: DEMO_BOOK.length,
        words_covered: covered,
        coverage: memory
          ? `${coverage} ${memory} are taken from your translation memory, not translated again.`
          : coverage,
        target_language: target,
        engine: 'demo',
        engine_is_demo: true,
        estimated_seconds: 5,
        words_from_memory: remembered ? MOCK_MEMORY_WORDS : 0,
        memory,
        lanes: ['standard', 'economy'],
        economy_note: ECONOMY_LANE_WORDS,
      });
    },
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
    // Mock mode answers only what the real server could: the contract's schema for the route.
    checkAnswer(method, path, 200, result);
    return result;
  }
  throw fail(404, 'NOT_FOUND', `Mock mode has no answer for ${method} ${path}`);
}

export { MOCK_CONFIRM_PATH };
