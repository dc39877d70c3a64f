import type { Delivery, Translation } from '@booktranslate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { wireDelivery, wireError, wireId, wireSettings, wireTranslation } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { openTranslationDialog } from '../../test/translationDialog';

const T1 = wireId('c1');
const completed = (over: Partial<Translation> = {}) =>
  wireTranslation({ id: T1, target_language: 'es', status: 'completed', progress: 100, ...over });
const device = (address: string) => ({ address, send_when_finished: false });

describe('Send to Kindle in the translation dialog', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  it('leads to Settings when no device address is saved', async () => {
    server = await startApiServer({
      'GET /user/settings/': () => ({ json: wireSettings() }),
      [`GET /translations/${T1}/deliveries/`]: () => ({ json: { deliveries: [] } }),
    });
    openTranslationDialog(completed());
    const section = await screen.findByRole('region', { name: 'Send to Kindle' });
    expect(within(section).getByRole('link', { name: 'add its address in Settings' })).toHaveAttribute(
      'href',
      '/profile#reading-devices',
    );
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('sends to the one saved address and follows the send until it is sent', async () => {
    let deliveries: Delivery[] = [];
    let sent: unknown;
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'GET /user/settings/': () => ({ json: wireSettings({ device_addresses: [device('ann@kindle.com')] }) }),
      [`GET /translations/${T1}/deliveries/`]: () => {
        const answer = { json: { deliveries } };
        // The send leaves the queue once it was read as queued.
        deliveries = deliveries.map((d) => ({ ...d, status: 'sent', attempts: 1 }));
        return answer;
      },
      [`POST /translations/${T1}/send/`]: (_req, body) => {
        sent = JSON.parse(body);
        deliveries = [wireDelivery({ translation_id: T1, address: 'ann@kindle.com' })];
        return { status: 202, json: deliveries[0] };
      },
    });
    openTranslationDialog(completed());
    const section = await screen.findByRole('region', { name: 'Send to Kindle' });
    expect(within(section).getByText('ann@kindle.com')).toBeVisible();
    await userEvent.click(within(section).getByRole('button', { name: 'Send to Kindle' }));
    await waitFor(() => expect(sent).toEqual({ address: 'ann@kindle.com' }));
    const sends = await within(section).findByRole('list', { name: 'Sends to devices' });
    await within(sends).findByText('Sending…');
    // Read again while queued (every 3 s) until it is sent.
    await within(sends).findByText('Sent', {}, { timeout: 8000 });
    expect(within(sends).queryByText('Sending…')).toBeNull();
  }, 15_000);

  it('chooses among several addresses as "Send to device"', async () => {
    let sent: unknown;
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'GET /user/settings/': () => ({
        json: wireSettings({ device_addresses: [device('ann@kindle.com'), device('ann@pbsync.com')] }),
      }),
      [`GET /translations/${T1}/deliveries/`]: () => ({ json: { deliveries: [] } }),
      [`POST /translations/${T1}/send/`]: (_req, body) => {
        sent = JSON.parse(body);
        return { status: 202, json: wireDelivery({ address: 'ann@pbsync.com', status: 'sent' }) };
      },
    });
    openTranslationDialog(completed());
    const section = await screen.findByRole('region', { name: 'Send to device' });
    await userEvent.selectOptions(within(section).getByLabelText('Device'), 'ann@pbsync.com');
    await userEvent.click(within(section).getByRole('button', { name: 'Send to device' }));
    await waitFor(() => expect(sent).toEqual({ address: 'ann@pbsync.com' }));
  });

  it('shows a failed send with its reason and sends it again with Retry', async () => {
    let posts = 0;
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'GET /user/settings/': () => ({ json: wireSettings({ device_addresses: [device('ann@kindle.com')] }) }),
      [`GET /translations/${T1}/deliveries/`]: () => ({
        json: {
          deliveries: [
            wireDelivery({
              status: 'failed',
              error: '550 5.1.1 No such user here',
              attempts: 1,
              address: 'ann@kindle.com',
            }),
            // An older failure to the same address: Retry is offered once, on the newest.
            wireDelivery({
              id: wireId('d0'),
              status: 'failed',
              error: '550 5.1.1 No such user here',
              attempts: 1,
              address: 'ann@kindle.com',
            }),
          ],
        },
      }),
      [`POST /translations/${T1}/send/`]: (_req, body) => {
        posts += 1;
        expect(JSON.parse(body)).toEqual({ address: 'ann@kindle.com' });
        return { status: 202, json: wireDelivery({ id: wireId('d2'), address: 'ann@kindle.com' }) };
      },
    });
    openTranslationDialog(completed());
    const sends = await screen.findByRole('list', { name: 'Sends to devices' });
    expect(within(sends).getAllByText('Failed')).toHaveLength(2);
    expect(within(sends).getAllByText('550 5.1.1 No such user here')[0]).toBeVisible();
    expect(within(sends).getAllByRole('button', { name: /Retry/ })).toHaveLength(1);
    await userEvent.click(within(sends).getByRole('button', { name: 'Retry the send to ann@kindle.com' }));
    await waitFor(() => expect(posts).toBe(1));
  });

  it.each([
    [
      429,
      'RATE_LIMITED',
      'daily-send-limit',
      'You can send 3 books a day to your devices; try again tomorrow.',
    ],
    [422, 'UNPROCESSABLE', 'too-large', 'This book is 40 MB: Kindle takes books up to 35 MB by e-mail.'],
  ])('says the %i refusal in words', async (status, code, reason, message) => {
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'GET /user/settings/': () => ({ json: wireSettings({ device_addresses: [device('ann@kindle.com')] }) }),
      [`GET /translations/${T1}/deliveries/`]: () => ({ json: { deliveries: [] } }),
      [`POST /translations/${T1}/send/`]: () => ({ status, json: wireError(code, message, { reason }) }),
    });
    openTranslationDialog(completed());
    const section = await screen.findByRole('region', { name: 'Send to Kindle' });
    await userEvent.click(within(section).getByRole('button', { name: 'Send to Kindle' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(message);
  });

  it('is not offered before the translation is completed', async () => {
    server = await startApiServer({
      'GET /user/settings/': () => ({ json: wireSettings({ device_addresses: [device('ann@kindle.com')] }) }),
    });
    openTranslationDialog(completed({ status: 'processing', progress: 40 }));
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('region', { name: /Send to/ })).toBeNull();
    expect(server.count('GET /user/settings/')).toBe(0);
  });
});
