import { MAX_DEVICE_ADDRESSES } from '@booktranslate/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { wireError, wireSettings } from '../../api/mock/wire';
import type { UserSettings } from '../../api/readingApps';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import { deviceAddressProblem, MAX_DEVICES } from './deviceAddresses';
import { ReadingDevices } from './ReadingDevices';

describe('device addresses', () => {
  it('keeps the contract bound and refuses what the server would', () => {
    expect(MAX_DEVICES).toBe(MAX_DEVICE_ADDRESSES);
    const saved = [{ address: 'ann@kindle.com', send_when_finished: false }];
    expect(deviceAddressProblem('  ', saved)).toMatch(/Type the e-mail address/);
    expect(deviceAddressProblem('ann@kindle', saved)).toMatch(/not an e-mail address/);
    expect(deviceAddressProblem('ANN@kindle.com', saved)).toBe('This address is already saved.');
    expect(deviceAddressProblem('bob@kindle.com', saved)).toBeNull();
    const full = Array.from({ length: 5 }, (_, i) => ({
      address: `d${i}@kindle.com`,
      send_when_finished: false,
    }));
    expect(deviceAddressProblem('bob@kindle.com', full)).toMatch(/at most 5/);
  });
});

describe('Settings: reading devices', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  /** A settings endpoint that keeps what is written, recording each body. */
  async function serve(initial: Partial<UserSettings> = {}) {
    let settings = wireSettings(initial);
    const puts: unknown[] = [];
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'GET /user/settings/': () => ({ json: settings }),
      'PUT /user/settings/': (_req, body) => {
        const change = JSON.parse(body);
        puts.push(change);
        settings = { ...settings, ...change };
        return { json: settings };
      },
    });
    return puts;
  }

  it('scrolls into view when opened from the send dialog’s link', async () => {
    await serve();
    const scrolled: string[] = [];
    const before = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    try {
      renderWith(<ReadingDevices />, { path: '/profile#reading-devices' });
      await screen.findByText('No devices yet.');
      expect(scrolled).toEqual(['reading-devices']);
    } finally {
      Element.prototype.scrollIntoView = before;
    }
  });

  it('names the sender to approve at Amazon, in words', async () => {
    await serve({ sender_address: 'books@booktranslate.example' });
    renderWith(<ReadingDevices />);
    const words = await screen.findByText(/Approved Personal Document E-mail List/);
    expect(words).toHaveTextContent(
      'In your Amazon account, open Preferences → Personal Document Settings → Approved Personal Document E-mail List, and add books@booktranslate.example',
    );
    expect(screen.getByLabelText('Sender address to approve')).toHaveValue('books@booktranslate.example');
    expect(screen.getByText('No devices yet.')).toBeVisible();
  });

  it('adds an address after checking it, writes the whole list, toggles and removes', async () => {
    const puts = await serve({
      device_addresses: [{ address: 'ann@kindle.com', send_when_finished: false }],
    });
    renderWith(<ReadingDevices />);
    const field = await screen.findByLabelText('Device e-mail address');
    await userEvent.type(field, 'not an address');
    await userEvent.click(screen.getByRole('button', { name: 'Add device' }));
    expect(screen.getByText(/This is not an e-mail address/)).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, 'Bob@Kindle.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add device' }));
    const list = await screen.findByRole('list', { name: 'Device addresses' });
    await within(list).findByText('bob@kindle.com');
    expect(puts[0]).toEqual({
      device_addresses: [
        { address: 'ann@kindle.com', send_when_finished: false },
        { address: 'bob@kindle.com', send_when_finished: false },
      ],
    });
    expect(field).toHaveValue('');
    expect(screen.getByText('bob@kindle.com added.')).toHaveAttribute('role', 'status');

    await userEvent.click(screen.getByRole('switch', { name: 'Send to bob@kindle.com when finished' }));
    await screen.findByText(/New translations will go to bob@kindle.com/);
    expect(puts[1]).toEqual({
      device_addresses: [
        { address: 'ann@kindle.com', send_when_finished: false },
        { address: 'bob@kindle.com', send_when_finished: true },
      ],
    });
    expect(screen.getByRole('switch', { name: 'Send to bob@kindle.com when finished' })).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Remove ann@kindle.com' }));
    await screen.findByText('ann@kindle.com removed.');
    expect(puts[2]).toEqual({ device_addresses: [{ address: 'bob@kindle.com', send_when_finished: true }] });
    expect(within(list).queryByText('ann@kindle.com')).toBeNull();
  });

  it('turns on the book in the completion e-mail', async () => {
    const puts = await serve();
    renderWith(<ReadingDevices />);
    const toggle = await screen.findByRole('switch', { name: /E-mail me the book when it is ready/ });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await screen.findByText('The book will come with the e-mail.');
    expect(puts).toEqual([{ email_book_when_ready: true }]);
    expect(toggle).toBeChecked();
  });

  it("shows the server's refusal and keeps the typed address", async () => {
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'GET /user/settings/': () => ({ json: wireSettings() }),
      'PUT /user/settings/': () => ({
        status: 400,
        json: wireError('VALIDATION_ERROR', 'Each device address can be saved once'),
      }),
    });
    renderWith(<ReadingDevices />);
    await userEvent.type(await screen.findByLabelText('Device e-mail address'), 'ann@kindle.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Each device address can be saved once');
    expect(screen.getByLabelText('Device e-mail address')).toHaveValue('ann@kindle.com');
  });
});
