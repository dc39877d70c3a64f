import { catalogueUrls } from '@booktranslate/contract/catalogue-urls';
import { fail } from './mockFail';
import { type MockState, mockId, translationView } from './mockState';
import { findTranslation, signedIn } from './mockSteps';

type Json = Record<string, unknown>;
type Route = (s: MockState, m: RegExpMatchArray, body: Json) => unknown;

/** A mock send stays queued this long, then is sent (or fails, for an address starting with "fail"). */
export const MOCK_SEND_MS = 3000;
/** Sends a mock user may make in 24 hours, as the server's DEVICE_SENDS_PER_DAY. */
export const MOCK_SENDS_PER_DAY = 10;
export const MOCK_SENDER = 'books@booktranslate.example';
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A password as the server writes them: six groups of four letters and digits. */
function mockPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const chars = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
  return chars.match(/.{4}/g)?.join('-') ?? chars;
}

function settingsView(s: MockState) {
  return {
    email_notifications: s.user.email_notifications,
    push_notifications: false as const,
    preferred_languages: s.user.preferred_languages,
    default_target_languages: s.user.preferred_languages,
    device_addresses: s.devices ?? [],
    sender_address: MOCK_SENDER,
    email_book_when_ready: s.emailBookWhenReady ?? false,
  };
}

function deliveryView(d: NonNullable<MockState['deliveries']>[number], now = Date.now()) {
  const done = now - d.created_at >= MOCK_SEND_MS;
  const failed = done && d.address.startsWith('fail');
  return {
    id: d.id,
    translation_id: d.translation_id,
    address: d.address,
    format: 'epub' as const,
    status: done ? (failed ? ('failed' as const) : ('sent' as const)) : ('queued' as const),
    error: failed
      ? '550 5.1.1 The mailbox does not exist (mock mode: addresses starting with "fail" fail)'
      : null,
    attempts: done ? 1 : 0,
    created_at: new Date(d.created_at).toISOString(),
    updated_at: new Date(done ? d.created_at + MOCK_SEND_MS : d.created_at).toISOString(),
  };
}

/** App passwords, the device settings and Send to Kindle, answered as the server does. */
export const readingRoutes: [string, RegExp, Route][] = [
  [
    'GET',
    /^\/users\/app-passwords\/$/,
    (s) => {
      signedIn(s);
      return { items: s.appPasswords ?? [] };
    },
  ],
  [
    'POST',
    /^\/users\/app-passwords\/$/,
    (s, _m, b) => {
      signedIn(s);
      const name = String(b.name ?? '').trim();
      if (!name || name.length > 100)
        throw fail(400, 'VALIDATION_ERROR', name ? 'Name cannot exceed 100 characters' : 'Name is required');
      const list = s.appPasswords ?? [];
      if (list.length >= 20)
        throw fail(
          409,
          'CONFLICT',
          'You have 20 app passwords, the most an account can hold: revoke one first.',
        );
      const item = { id: mockId(), name, created_at: new Date().toISOString(), last_used_at: null };
      s.appPasswords = [item, ...list];
      const password = mockPassword();
      const token = `${item.id}.${password.replaceAll('-', '')}`;
      return { ...item, password, token, urls: catalogueUrls(window.location.origin, token) };
    },
  ],
  [
    'DELETE',
    /^\/users\/app-passwords\/([^/]+)\/$/,
    (s, m) => {
      signedIn(s);
      const list = s.appPasswords ?? [];
      if (!list.some((p) => p.id === m[1])) throw fail(404, 'NOT_FOUND', 'Not found');
      s.appPasswords = list.filter((p) => p.id !== m[1]);
      return { success: true };
    },
  ],
  [
    'GET',
    /^\/user\/settings\/$/,
    (s) => {
      signedIn(s);
      return settingsView(s);
    },
  ],
  [
    'PUT',
    /^\/user\/settings\/$/,
    (s, _m, b) => {
      signedIn(s);
      if (Array.isArray(b.device_addresses)) {
        const list = (b.device_addresses as { address: string; send_when_finished?: boolean }[]).map((d) => ({
          address: String(d.address).toLowerCase(),
          send_when_finished: Boolean(d.send_when_finished),
        }));
        if (list.length > 5) throw fail(400, 'VALIDATION_ERROR', 'Save at most 5 device addresses');
        if (new Set(list.map((d) => d.address)).size !== list.length)
          throw fail(400, 'VALIDATION_ERROR', 'Each device address can be saved once');
        s.devices = list;
      }
      if (typeof b.email_book_when_ready === 'boolean') s.emailBookWhenReady = b.email_book_when_ready;
      if (typeof b.email_notifications === 'boolean') s.user.email_notifications = b.email_notifications;
      return settingsView(s);
    },
  ],
  [
    'POST',
    /^\/translations\/([^/]+)\/send\/$/,
    (s, m, b) => {
      signedIn(s);
      const t = findTranslation(s, m[1]);
      if (translationView(t).status !== 'completed')
        throw fail(409, 'CONFLICT', 'Only a completed translation can be sent');
      const address = String(b.address ?? '').toLowerCase();
      if (!(s.devices ?? []).some((d) => d.address === address))
        throw fail(400, 'VALIDATION_ERROR', 'Save this address in Settings before sending to it.', {
          reason: 'not-a-saved-address',
        });
      const all = s.deliveries ?? [];
      if (all.filter((d) => d.created_at > Date.now() - 86_400_000).length >= MOCK_SENDS_PER_DAY)
        throw fail(
          429,
          'RATE_LIMITED',
          `You can send ${MOCK_SENDS_PER_DAY} books a day to your devices; try again tomorrow.`,
          { reason: 'daily-send-limit' },
        );
      const d = { id: mockId(), translation_id: t.id, address, created_at: Date.now() };
      s.deliveries = [d, ...all];
      return deliveryView(d);
    },
  ],
  [
    'GET',
    /^\/translations\/([^/]+)\/deliveries\/$/,
    (s, m) => {
      signedIn(s);
      const t = findTranslation(s, m[1]);
      return {
        deliveries: (s.deliveries ?? []).filter((d) => d.translation_id === t.id).map((d) => deliveryView(d)),
      };
    },
  ],
];
