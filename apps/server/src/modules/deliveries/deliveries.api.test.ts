import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Delivery } from '@booktranslate/contract';
import { type SmtpSink, startSmtpSink } from '@booktranslate/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEpubValid, noEpubcheck } from '../../testing/epub-valid';
import {
  type PipelineHarness,
  startPipelineHarness,
  type TestUser,
  twoChapterStory,
} from '../../testing/pipeline-test-kit';
import { readerTestFb2 } from '../../testing/reader-books';

const KINDLE = 'ann_42@kindle.test';
const GONE = 'gone@kindle.test';

describe('Send to Kindle: POST /translations/{id}/send/ and the sends on the translation', () => {
  let h: PipelineHarness;
  let sink: SmtpSink;
  let owner: TestUser;
  let id: string;
  const dir = mkdtempSync(path.join(tmpdir(), 'bt-sends-'));
  const send = (user: TestUser, translation: string, address: string) =>
    user.client.post(`/translations/${translation}/send/`, { address });
  const sends = async (user: TestUser, translation: string): Promise<Delivery[]> =>
    (await user.client.get(`/translations/${translation}/deliveries/`)).json().deliveries;
  /** The send's state once it is no longer queued. */
  async function settled(user: TestUser, translation: string, deliveryId: string): Promise<Delivery> {
    for (let i = 0; i < 200; i++) {
      const found = (await sends(user, translation)).find((d) => d.id === deliveryId);
      if (found && found.status !== 'queued') return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`send ${deliveryId} still queued`);
  }
  async function translated(user: TestUser, name: string, bytes: Uint8Array): Promise<string> {
    const upload = await user.upload(name, bytes);
    expect(upload.statusCode, upload.body).toBe(201);
    const translation: string = upload.json().data.translation.id;
    expect((await h.followStatuses(user, translation)).at(-1)).toBe('completed');
    return translation;
  }
  const saveDevices = (user: TestUser, devices: { address: string; send_when_finished?: boolean }[]) =>
    user.client.request('PUT', '/user/settings/', { body: { device_addresses: devices } });

  beforeAll(async () => {
    sink = await startSmtpSink({ refuse: { [GONE]: '550 5.1.1 No such mailbox' } });
    h = await startPipelineHarness({
      llm: { latencyMs: 0 },
      smtp: sink,
      env: {
        MAIL_FROM: 'BookTranslate <books@booktranslate.test>',
        DEVICE_SENDS_PER_DAY: '3',
      },
    });
    owner = await h.newUser({ READER: 2 });
    id = await translated(owner, 'story.txt', twoChapterStory);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await sink?.close();
  });

  it('keeps the device addresses in the settings and says which sender to approve', async () => {
    const saved = await saveDevices(owner, [{ address: 'Ann_42@Kindle.test' }, { address: GONE }]);
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = (await owner.client.get('/user/settings/')).json();
    expect(settings.device_addresses).toEqual([
      { address: KINDLE, send_when_finished: false },
      { address: GONE, send_when_finished: false },
    ]);
    expect(settings.sender_address).toBe('books@booktranslate.test');
    const twice = await saveDevices(owner, [{ address: KINDLE }, { address: KINDLE }]);
    expect(twice.statusCode).toBe(400);
    const many = await saveDevices(
      owner,
      Array.from({ length: 6 }, (_, i) => ({ address: `d${i}@kindle.test` })),
    );
    expect(many.statusCode).toBe(400);
  });

  it('sends the EPUB to a saved address as an attachment from the product’s sender', async () => {
    const accepted = await send(owner, id, KINDLE);
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(accepted.json()).toMatchObject({ address: KINDLE, status: 'queued', format: 'epub' });
    const mail = await sink.waitFor((m) => m.envelope.to.includes(KINDLE), 20_000);
    expect(mail.envelope.from).toBe('books@booktranslate.test');
    const [attachment] = mail.parsed.attachments;
    expect(attachment?.contentType).toBe('application/epub+zip');
    expect(attachment?.filename).toMatch(/\(es\)\.epub$/);
    expect((await settled(owner, id, accepted.json().id)).status).toBe('sent');
    if (noEpubcheck) console.warn(`epubcheck of the attachment skipped: ${noEpubcheck}`);
    else {
      const file = path.join(dir, 'attached.epub');
      writeFileSync(file, attachment?.content as Buffer);
      await expectEpubValid(file);
    }
  }, 60_000);

  it('shows a refused address as failed with the mail server’s reason, at once', async () => {
    const accepted = await send(owner, id, GONE);
    expect(accepted.statusCode).toBe(202);
    const failed = await settled(owner, id, accepted.json().id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.error).toMatch(/refused the message: .*No such mailbox/);
    expect(sink.messages.some((m) => m.envelope.to.includes(GONE))).toBe(false);
  }, 30_000);

  it('refuses an address not saved, another user’s translation, and sends past the daily limit', async () => {
    const before = (await sends(owner, id)).length;
    const unsaved = await send(owner, id, 'someone@elsewhere.test');
    expect(unsaved.statusCode).toBe(400);
    expect(unsaved.json().error.details.reason).toBe('not-a-saved-address');
    const stranger = await h.newUser();
    await saveDevices(stranger, [{ address: KINDLE }]);
    expect((await send(stranger, id, KINDLE)).statusCode).toBe(404);
    expect((await stranger.client.get(`/translations/${id}/deliveries/`)).statusCode).toBe(404);

    // Two sent today; the limit is three.
    expect((await send(owner, id, KINDLE)).statusCode).toBe(202);
    const over = await send(owner, id, KINDLE);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toMatch(/sent 3 books to your devices in the last 24 hours/);
    expect((await sends(owner, id)).length).toBe(before + 1);
  }, 30_000);

  it('sends an FB2 book’s translation as EPUB when it finishes, and mails the book to its owner', async () => {
    const reader = await h.newUser({ READER: 1 });
    await saveDevices(reader, [{ address: 'kobo@devices.test', send_when_finished: true }]);
    const me = await reader.client.request('PUT', '/user/settings/', {
      body: { email_book_when_ready: true },
    });
    expect(me.json().email_book_when_ready).toBe(true);
    const email = (await reader.client.get('/users/profile/')).json().email as string;
    const fb2 = await translated(reader, 'mill.fb2', readerTestFb2());
    const device = await sink.waitFor((m) => m.envelope.to.includes('kobo@devices.test'), 20_000);
    expect(device.parsed.attachments[0]?.filename).toMatch(/\.epub$/);
    expect(device.parsed.attachments[0]?.contentType).toBe('application/epub+zip');
    const done = await sink.waitFor(
      (m) => m.envelope.to.includes(email) && /is ready/.test(m.subject),
      20_000,
    );
    expect(done.text).toMatch(/The EPUB is attached/);
    expect(done.parsed.attachments[0]?.contentType).toBe('application/epub+zip');
    const [auto] = await sends(reader, fb2);
    expect(auto).toMatchObject({ address: 'kobo@devices.test' });
  }, 120_000);
});
