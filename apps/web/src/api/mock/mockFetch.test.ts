import { createApiClient } from '@booktranslate/api-client';
import { routes } from '@booktranslate/contract';
import { describe, expect, it } from 'vitest';
import { mockFetch } from './mockFetch';

describe('mock mode through the api-client', () => {
  const client = createApiClient({ baseUrl: '/api/v1', fetch: mockFetch });

  it('signs up, creates a book from an upload key and lists it, every answer the contract’s', async () => {
    const { user } = await client.api.auth.register({
      body: { email: 'eve@example.com', password: 'correct horse battery' },
    });
    // The Free credits come with the (mock) confirmation link, as on the server.
    expect(user).toMatchObject({ email_confirmed: false, free_credits_pending: 2 });
    const token = 'mock-link-from-the-e-mail';
    expect(await client.api.auth.confirmEmail({ body: { token } })).toMatchObject({ credits_granted: 2 });
    expect((await client.api.users.getProfile()).credits_available.FREE).toBe(2);
    const body = { target_language: 'fr', upload_key: 'mock', filename: 'persuasion.epub' };
    const created = await client.request(routes.books.createBook, { body });
    expect(created.data.book.title).toBe('persuasion');
    const list = await client.api.books.listBooks();
    expect(list.items.map((b) => b.id)).toContain(created.data.book.id);
    const { blob, filename } = await client.download(routes.translations.downloadTranslation, {
      params: { id: created.data.translation.id },
      query: { file_format: 'txt' },
      fallbackName: 'x.txt',
    });
    expect(filename).toBe('mock-translation.txt');
    expect(await blob.text()).toContain('demo mode');
  });

  it('answers a refusal with the error envelope the client turns into ApiError', async () => {
    await client.api.auth.logout();
    await expect(client.api.users.getProfile({ renew: false })).rejects.toMatchObject({
      code: 401,
      errorCode: 'UNAUTHENTICATED',
    });
  });
});
