import { ApiError } from '@booktranslate/api-client';
import { ECONOMY_LANE_WORDS, waitWords } from '@booktranslate/contract/translation-statuses';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRequest } from './mockApi';

type Books = {
  items: { id: string; translations: { status: string; progress: number; target_language: string }[] }[];
};

describe('mock API', () => {
  afterEach(() => vi.useRealTimers());

  it('signs in with a one-hour token and answers 401 after logout', async () => {
    const login = (await mockRequest('POST', '/auth/login/', { email: 'ann@example.com' })) as {
      expires_at: string;
    };
    expect(Date.parse(login.expires_at) - Date.now()).toBeGreaterThan(3590_000);
    expect(await mockRequest('GET', '/users/profile/')).toMatchObject({
      email: 'ann@example.com',
      available_credits: 2,
    });
    await mockRequest('POST', '/auth/logout/');
    await expect(mockRequest('GET', '/users/profile/')).rejects.toMatchObject({ code: 401 });
  });

  it('completes a translation 5 s after it starts, defaulting to en -> es, and spends credits', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await mockRequest('POST', '/auth/register/', { email: 'bob@example.com' });
    await mockRequest('POST', '/auth/email/confirm/', { token: 'mock-link-from-the-e-mail' });
    await mockRequest('POST', '/books/', { filename: 'moby-dick.epub' });
    let books = (await mockRequest('GET', '/books/')) as Books;
    expect(books.items[0]?.translations[0]).toMatchObject({ status: 'pending', target_language: 'es' });
    vi.setSystemTime(Date.now() + 5000);
    books = (await mockRequest('GET', '/books/')) as Books;
    expect(books.items[0]?.translations[0]).toMatchObject({ status: 'completed', progress: 100 });
    await mockRequest('POST', `/books/${books.items[0]?.id}/add_translation/`, { target_language: 'fr' });
    const err = await mockRequest('POST', `/books/${books.items[0]?.id}/add_translation/`, {
      target_language: 'de',
    }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(402);
  });
});

describe('mock API economy lane', () => {
  afterEach(() => vi.useRealTimers());

  it('offers economy, waits for a pretend provider batch, and reports a saving', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    localStorage.clear();
    await mockRequest('POST', '/auth/register/', { email: 'eco@example.com' });
    await mockRequest('POST', '/auth/email/confirm/', { token: 'mock-link-from-the-e-mail' });
    expect(await mockRequest('GET', '/config/public')).toMatchObject({ economy_lane: true });
    expect(await mockRequest('POST', '/translations/quote/', { target_language: 'fr' })).toMatchObject({
      lanes: ['standard', 'economy'],
      economy_note: ECONOMY_LANE_WORDS,
    });
    await mockRequest('POST', '/books/', { filename: 'moby-dick.epub', lane: 'economy' });
    vi.setSystemTime(Date.now() + 10_000);
    let books = (await mockRequest('GET', '/books/')) as Books;
    const waiting = books.items[0]?.translations[0];
    expect(waiting).toMatchObject({
      status: 'translating',
      lane: 'economy',
      waiting_for: 'provider_batch',
      status_detail: waitWords('provider_batch'),
    });
    vi.setSystemTime(Date.now() + 30_000);
    books = (await mockRequest('GET', '/books/')) as Books;
    const done = books.items[0]?.translations[0] as unknown as { id: string };
    expect(done).toMatchObject({ status: 'completed', waiting_for: null });
    const report = (await mockRequest('GET', `/translations/${done.id}/report/`)) as {
      provider: { lane: string; cost_saved_usd: number };
    };
    expect(report.provider.lane).toBe('economy');
    expect(report.provider.cost_saved_usd).toBeGreaterThan(0);
  });
});

describe('mock API sign-up', () => {
  it('gives the Free credits only once the address is confirmed, and once', async () => {
    const created = (await mockRequest('POST', '/auth/register/', { email: 'eve@example.com' })) as {
      user: { available_credits: number; email_confirmed: boolean; free_credits_pending: number };
    };
    expect(created.user).toMatchObject({
      available_credits: 0,
      email_confirmed: false,
      free_credits_pending: 2,
    });
    expect(await mockRequest('POST', '/auth/email/resend/')).toMatchObject({ success: true });
    expect(await mockRequest('POST', '/auth/email/confirm/', { token: 'mock-link-from-the-e-mail' })).toEqual(
      {
        success: true,
        message: 'Your address is confirmed; 2 free credits were added.',
        credits_granted: 2,
      },
    );
    expect(await mockRequest('GET', '/users/profile/')).toMatchObject({
      available_credits: 2,
      email_confirmed: true,
      free_credits_pending: 0,
    });
    await expect(
      mockRequest('POST', '/auth/email/confirm/', { token: 'mock-link-from-the-e-mail' }),
    ).rejects.toMatchObject({ code: 400, errorCode: 'VALIDATION_ERROR' });
    await expect(mockRequest('POST', '/auth/email/resend/')).rejects.toMatchObject({ code: 409 });
  });
});

describe('mock API coverage', () => {
  it('answers every call the web app makes, cancel included', async () => {
    await mockRequest('POST', '/auth/register/', { email: 'cat@example.com' });
    await mockRequest('POST', '/auth/email/resend/');
    await mockRequest('POST', '/auth/email/confirm/', { token: 'mock-link-from-the-e-mail' });
    const created = (await mockRequest('POST', '/books/', { filename: 'emma.epub' })) as {
      data: { book: { id: string }; translation: { id: string } };
    };
    const book = created.data.book.id;
    const t = created.data.translation.id;
    const calls: [string, string, Record<string, unknown>?][] = [
      ['GET', '/auth/csrf/'],
      ['POST', '/auth/login/', { email: 'cat@example.com' }],
      ['POST', '/auth/oauth_callback/', { provider: 'google', id_token: 'x' }],
      ['POST', '/auth/refresh/'],
      ['GET', '/users/profile/'],
      ['PUT', '/users/profile/', { profile: { preferred_languages: [], email_notifications: true } }],
      ['PUT', '/users/update_profile/', { full_name: 'Cat' }],
      ['GET', '/config/public'],
      ['GET', '/dashboard/stats'],
      ['GET', '/books/'],
      ['POST', `/books/${book}/add_translation/`, { target_language: 'fr' }],
      ['GET', `/books/${book}/`],
      ['GET', `/books/${book}/download-original/`],
      ['GET', `/translations/${t}/`],
      ['GET', `/translations/${t}/brief/`],
      ['PUT', `/translations/${t}/brief/`, {}],
      ['PUT', `/translations/${t}/rating/`, { rating: 5 }],
      ['POST', `/translations/${t}/cancel/`],
      ['POST', `/translations/${t}/retry/`],
      ['GET', '/billing/plans/'],
      ['GET', '/billing/subscriptions/'],
      ['GET', '/billing/transactions/'],
      ['POST', '/billing/subscriptions/mock-sub/cancel/', { cancel_immediately: false }],
      ['POST', '/billing/paypal/subscription/', { plan: 'reader', billing_period: 'month' }],
      ['POST', '/billing/paypal/subscription/I-1/activate/'],
      ['POST', '/support/messages/', { name: 'Cat', email: 'cat@example.com', message: 'Hello there!' }],
      ['DELETE', `/books/${book}/`],
      ['POST', '/auth/logout/'],
    ];
    for (const [method, path, body] of calls)
      await expect(mockRequest(method, path, body), `${method} ${path}`).resolves.toBeDefined();
  }, 15_000); // every call waits the mock latency (150 ms)

  it('cancels a running translation, gives the credit back, and retries it', async () => {
    await mockRequest('POST', '/auth/register/', { email: 'dan@example.com' });
    await mockRequest('POST', '/auth/email/confirm/', { token: 'mock-link-from-the-e-mail' });
    const before = (await mockRequest('GET', '/users/profile/')) as { available_credits: number };
    const created = (await mockRequest('POST', '/books/', { filename: 'emma.epub' })) as {
      data: { translation: { id: string } };
    };
    const id = created.data.translation.id;
    expect(await mockRequest('POST', `/translations/${id}/cancel/`)).toMatchObject({ status: 'canceled' });
    const after = (await mockRequest('GET', '/users/profile/')) as { available_credits: number };
    expect(after.available_credits).toBe(before.available_credits);
    await expect(mockRequest('POST', `/translations/${id}/cancel/`)).rejects.toMatchObject({ code: 409 });
    expect(await mockRequest('POST', `/translations/${id}/retry/`)).toMatchObject({ status: 'pending' });
  });
});
