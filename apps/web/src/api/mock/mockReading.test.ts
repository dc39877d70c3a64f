import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRequest } from './mockApi';
import { MOCK_SEND_MS } from './mockReading';

type Books = { items: { id: string; translations: { id: string }[] }[] };

describe('mock API: reading apps and devices', () => {
  afterEach(() => vi.useRealTimers());

  it('creates an app password shown once, lists it without the secret and revokes it', async () => {
    await mockRequest('POST', '/auth/login/', { email: 'ann@example.com' });
    const made = (await mockRequest('POST', '/users/app-passwords/', { name: 'Kobo' })) as {
      id: string;
      password: string;
      urls: { opds_token: string };
    };
    expect(made.password).toMatch(/^([a-z2-9]{4}-){5}[a-z2-9]{4}$/);
    expect(made.urls.opds_token).toMatch(new RegExp(`/opds/t/${made.id}\\.[a-z2-9]{24}/$`));
    const list = (await mockRequest('GET', '/users/app-passwords/')) as { items: object[] };
    expect(list.items).toEqual([expect.objectContaining({ id: made.id, name: 'Kobo', last_used_at: null })]);
    expect(JSON.stringify(list)).not.toContain(made.password);
    await mockRequest('DELETE', `/users/app-passwords/${made.id}/`);
    expect(await mockRequest('GET', '/users/app-passwords/')).toEqual({ items: [] });
  });

  it('sends a completed translation only to a saved address; the send is queued, then sent or failed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await mockRequest('POST', '/auth/login/', { email: 'ann@example.com' });
    await mockRequest('POST', '/books/', { filename: 'moby-dick.epub' });
    vi.setSystemTime(Date.now() + 5000);
    const books = (await mockRequest('GET', '/books/')) as Books;
    const id = books.items[0]?.translations[0]?.id;
    await expect(
      mockRequest('POST', `/translations/${id}/send/`, { address: 'ann@kindle.com' }),
    ).rejects.toMatchObject({
      code: 400,
      details: { reason: 'not-a-saved-address' },
    });
    const settings = await mockRequest('PUT', '/user/settings/', {
      device_addresses: [
        { address: 'Ann@Kindle.com', send_when_finished: true },
        { address: 'fail@kindle.com', send_when_finished: false },
      ],
      email_book_when_ready: true,
    });
    expect(settings).toMatchObject({
      device_addresses: [{ address: 'ann@kindle.com' }, { address: 'fail@kindle.com' }],
      email_book_when_ready: true,
    });
    expect(
      await mockRequest('POST', `/translations/${id}/send/`, { address: 'ann@kindle.com' }),
    ).toMatchObject({
      status: 'queued',
    });
    await mockRequest('POST', `/translations/${id}/send/`, { address: 'fail@kindle.com' });
    vi.setSystemTime(Date.now() + MOCK_SEND_MS);
    const { deliveries } = (await mockRequest('GET', `/translations/${id}/deliveries/`)) as {
      deliveries: { address: string; status: string; error: string | null }[];
    };
    expect(deliveries.map((d) => [d.address, d.status])).toEqual([
      ['fail@kindle.com', 'failed'],
      ['ann@kindle.com', 'sent'],
    ]);
    expect(deliveries[0]?.error).toMatch(/^550/);
  });
});
