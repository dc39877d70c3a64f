import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../http';
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
