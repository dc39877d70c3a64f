import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { getApiOrigin } from '../../api/loadClient';
import { wireAppPassword, wireCreatedAppPassword, wireError, wireId } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import { ReadingApps } from './ReadingApps';

const KOBO = wireId('a01');

describe('Settings: reading apps', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  it('shows the catalogue addresses, the user name, and each password with its last use', async () => {
    server = await startApiServer({
      'GET /users/app-passwords/': () => ({
        json: {
          items: [
            wireAppPassword({ id: KOBO, name: 'Kobo', last_used_at: null }),
            wireAppPassword({
              id: wireId('a02'),
              name: 'Thorium',
              last_used_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
            }),
          ],
        },
      }),
    });
    renderWith(<ReadingApps email="ann@example.com" />);
    // The catalogue lives where the API does (here the test's server).
    expect(screen.getByLabelText('Catalogue address (OPDS 1.2, most apps)')).toHaveValue(
      `${getApiOrigin()}/opds/`,
    );
    expect(screen.getByLabelText('Catalogue address (OPDS 2.0, Thorium)')).toHaveValue(
      `${getApiOrigin()}/opds/v2/`,
    );
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
    expect(
      within(await screen.findByRole('listitem', { name: 'Kobo' })).getByText(/Never used/),
    ).toBeVisible();
    expect(
      within(screen.getByRole('listitem', { name: 'Thorium' })).getByText(/Last used 3 hours ago/),
    ).toBeVisible();
  });

  it('creates a named password and shows it once with its private addresses', async () => {
    let sent: unknown;
    let items = [] as ReturnType<typeof wireAppPassword>[];
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'GET /users/app-passwords/': () => ({ json: { items } }),
      'POST /users/app-passwords/': (_req, body) => {
        sent = JSON.parse(body);
        items = [wireAppPassword({ id: KOBO, name: 'Kobo in the kitchen' })];
        return { status: 201, json: wireCreatedAppPassword({ id: KOBO, name: 'Kobo in the kitchen' }) };
      },
    });
    renderWith(<ReadingApps email="ann@example.com" />);
    await screen.findByText('No app passwords yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Create app password' }));
    expect(screen.getByText('Give the password a name, such as the device it is for.')).toBeVisible();
    expect(server.count('POST /users/app-passwords/')).toBe(0);

    await userEvent.type(screen.getByLabelText('Name of the new password'), 'Kobo in the kitchen');
    await userEvent.click(screen.getByRole('button', { name: 'Create app password' }));
    const dialog = await screen.findByRole('dialog', { name: 'App password for “Kobo in the kitchen”' });
    expect(sent).toEqual({ name: 'Kobo in the kitchen' });
    expect(within(dialog).getByText(/you will not see it again/)).toBeVisible();
    expect(within(dialog).getByLabelText('Password')).toHaveValue('k7mq-xa3p-9wzt-4hnc-2rdv-be6y');
    expect(within(dialog).getByLabelText('User name')).toHaveValue('ann@example.com');
    expect(within(dialog).getByLabelText('Private address (OPDS 1.2)')).toHaveValue(
      `https://books.example/opds/t/${KOBO}.k7mqxa3p9wzt4hnc2rdvbe6y/`,
    );
    expect(within(dialog).getByLabelText('Private address (OPDS 2.0)')).toHaveValue(
      `https://books.example/opds/t/${KOBO}.k7mqxa3p9wzt4hnc2rdvbe6y/v2/`,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy Password' }));
    expect(await navigator.clipboard.readText()).toBe('k7mq-xa3p-9wzt-4hnc-2rdv-be6y');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The list never holds the secret.
    expect(await screen.findByRole('listitem', { name: 'Kobo in the kitchen' })).toBeVisible();
    expect(screen.queryByText(/k7mq/)).toBeNull();
  });

  it('says why a password could not be made (the 20th)', async () => {
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'GET /users/app-passwords/': () => ({ json: { items: [] } }),
      'POST /users/app-passwords/': () => ({
        status: 409,
        json: wireError('CONFLICT', 'You have 20 app passwords, the most an account can hold.'),
      }),
    });
    renderWith(<ReadingApps email="ann@example.com" />);
    await userEvent.type(screen.getByLabelText('Name of the new password'), 'One more');
    await userEvent.click(screen.getByRole('button', { name: 'Create app password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have 20 app passwords');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('revokes a password only after the confirmation', async () => {
    let items = [wireAppPassword({ id: KOBO, name: 'Kobo' })];
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'GET /users/app-passwords/': () => ({ json: { items } }),
      [`DELETE /users/app-passwords/${KOBO}/`]: () => {
        items = [];
        return { json: { success: true } };
      },
    });
    renderWith(<ReadingApps email="ann@example.com" />);
    const row = await screen.findByRole('listitem', { name: 'Kobo' });
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    expect(within(row).getByText(/stop reading your catalogue at once/)).toBeVisible();
    await userEvent.click(within(row).getByRole('button', { name: 'Keep it' }));
    expect(server.count(`DELETE /users/app-passwords/${KOBO}/`)).toBe(0);
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke password' }));
    await screen.findByText('No app passwords yet.');
    await waitFor(() => expect(server?.count(`DELETE /users/app-passwords/${KOBO}/`)).toBe(1));
  });
});
