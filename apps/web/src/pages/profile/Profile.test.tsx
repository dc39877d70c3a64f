import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { wireUser } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import Profile from './Profile';

describe('Settings screen', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  it('re-reads the settings with a cache-busting _t when it opens and shows what came back', async () => {
    const urls: string[] = [];
    server = await startApiServer({
      'GET /users/profile/': (req) => {
        urls.push(req.url ?? '');
        return {
          json: wireUser({
            preferred_languages: ['fr'],
            email_notifications: false,
            updated_at: '2026-11-20T10:00:00Z',
          }),
        };
      },
    });
    renderWith(<Profile />, { user: wireUser({ preferred_languages: ['es'] }) });
    expect(await screen.findByRole('button', { name: 'Remove French' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Spanish' })).toBeNull();
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/\/users\/profile\/\?_t=\d{13}$/);
  });
});
