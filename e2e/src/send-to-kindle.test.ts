import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type FakeLlm,
  makeTinyFb2,
  type SmtpSink,
  startFakeLlm,
  startSmtpSink,
} from '@booktranslate/testkit';
import { checkEpubs, noEpubcheckJar } from '@booktranslate/testkit/epubcheck';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { openApp, SCREEN_MODES, screenPage } from './e2e-helpers';
import { translateBook } from './reading-helpers';
import { e2eMissingReason, type RunningServer, startServer } from './start-server';

const reason = e2eMissingReason();
if (reason) console.warn(`Send to Kindle browser tests skipped: ${reason}`);

const KINDLE = 'reader@kindle.test';
const BROKEN = 'nobody@kindle.test';
const SENDER = 'books@booktranslate.test';
/** Low, so the test reaches the daily limit in a few sends. */
const SENDS_PER_DAY = 3;

/**
 * Send to Kindle in Chromium against its own server, whose mail goes to an SMTP sink that refuses
 * one address with a 550: the devices saved in Settings, a send that arrives with a valid EPUB, a
 * refused one shown failed with its reason and Retry, and the daily limit said in words.
 * Screenshots of Settings and the send dialog go to SHOTS_DIR (default: a temporary folder).
 */
describe.skipIf(reason || process.env.E2E_BASE_URL)('Send to Kindle in Chromium', () => {
  let sink: SmtpSink;
  let llm: FakeLlm;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const dir = mkdtempSync(join(tmpdir(), 'bt-e2e-kindle-'));
  const shots = process.env.SHOTS_DIR ?? mkdtempSync(join(tmpdir(), 'bt-kindle-shots-'));
  const dialog = () => page.getByRole('dialog');
  const sends = () => dialog().getByRole('list', { name: 'Sends to devices' });

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    sink = await startSmtpSink({ refuse: { [BROKEN]: '550 5.1.1 No such mailbox here' } });
    llm = await startFakeLlm();
    server = await startServer({
      SMTP_URL: sink.url,
      MAIL_FROM: `BookTranslate <${SENDER}>`,
      DEVICE_SENDS_PER_DAY: String(SENDS_PER_DAY),
      TRANSLATION_ENGINE: 'openai',
      OPENAI_BASE_URL: llm.baseURL,
      OPENAI_API_KEY: 'test-key',
    });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(60_000);
    await signUpThroughSink(page);
    // An FB2 book: a Kindle takes no FB2, so its translation goes as EPUB.
    const path = join(dir, 'tiny.fb2');
    writeFileSync(path, makeTinyFb2({ title: 'The Kindle Tale' }));
    await translateBook(page, path, /Kindle Tale/);
    console.log(`screenshots: ${shots}`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await llm?.close();
    await sink?.close();
  });

  /** A new account, confirmed through the link the sink received (the Free credits come with it). */
  async function signUpThroughSink(on: Page): Promise<string> {
    const address = `kindle-${Date.now()}@example.com`;
    await openApp(on, `${server.url}/login`);
    await on.getByRole('button', { name: 'Create an account' }).click();
    await on.getByLabel('Email').fill(address);
    await on.getByLabel('Password').fill('correct horse battery staple');
    await on.getByRole('button', { name: 'Create account' }).click();
    await on.waitForURL('**/dashboard');
    const mail = await sink.waitFor(
      (m) => m.to.includes(address) && m.subject.startsWith('Confirm your'),
      30_000,
    );
    const link = new URL(mail.text.match(/https?:\/\/\S+\/confirm-email\?token=[\w-]+/)?.[0] ?? '');
    await on.goto(`${server.url}${link.pathname}${link.search}`);
    await on.getByText('Your address is confirmed').waitFor();
    await on.goto(`${server.url}/dashboard`);
    await on.getByRole('heading', { name: 'Welcome to Your Library' }).waitFor();
    return address;
  }

  async function openDialog() {
    await page.goto(`${server.url}/dashboard`);
    await page
      .getByRole('article')
      .filter({ hasText: /Kindle Tale/ })
      .getByRole('button', { name: /Spanish/ })
      .click();
    await dialog().getByText('Status: Completed').waitFor();
  }

  it('saves two device addresses in Settings, which names the sender to approve', async () => {
    await page.goto(`${server.url}/profile`);
    const devices = page.getByRole('region', { name: 'Reading devices' });
    await devices.getByText(`add ${SENDER}`, { exact: false }).waitFor();
    expect(await devices.textContent()).toContain(
      `In your Amazon account, open Preferences → Personal Document Settings → Approved Personal Document E-mail List, and add ${SENDER}`,
    );
    for (const address of [KINDLE, BROKEN]) {
      await devices.getByLabel('Device e-mail address').fill(address);
      await devices.getByRole('button', { name: 'Add device' }).click();
      await devices.getByText(`${address} added.`).waitFor();
    }
    await page.reload();
    const list = page.getByRole('list', { name: 'Device addresses' });
    await list.getByText(BROKEN).waitFor();
    expect(await list.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining(KINDLE),
      expect.stringContaining(BROKEN),
    ]);
  });

  it('sends the FB2 book’s translation to the Kindle as EPUB: the sink gets one message with a valid EPUB and the send shows Sent', async () => {
    await openDialog();
    const section = dialog().getByRole('region', { name: 'Send to device' });
    await section.getByLabel('Device', { exact: true }).selectOption(KINDLE);
    await section.getByRole('button', { name: 'Send to device' }).click();
    await sends().getByText(`Sent to ${KINDLE}`).waitFor();
    const mail = await sink.waitFor((m) => m.envelope.to.includes(KINDLE), 30_000);
    expect(sink.messages.filter((m) => m.envelope.to.includes(KINDLE))).toHaveLength(1);
    expect(mail.to).toEqual([KINDLE]);
    expect(mail.from).toBe(SENDER);
    const attachments = mail.parsed.attachments;
    expect(attachments).toHaveLength(1);
    expect(attachments[0]?.contentType).toBe('application/epub+zip');
    expect(attachments[0]?.filename).toMatch(/\.epub$/);
    const file = join(dir, 'sent.epub');
    writeFileSync(file, attachments[0]?.content ?? Buffer.alloc(0));
    if (noEpubcheckJar) console.warn(`epubcheck of the sent EPUB skipped: ${noEpubcheckJar}`);
    else {
      const [check] = await checkEpubs([file]);
      expect(check?.errors).toEqual([]);
      expect(check?.code).toBe(0);
    }
  });

  it('shows a refused address failed with the reason and Retry; past the daily limit the page says so', async () => {
    await openDialog();
    const section = dialog().getByRole('region', { name: 'Send to device' });
    await section.getByLabel('Device', { exact: true }).selectOption(BROKEN);
    await section.getByRole('button', { name: 'Send to device' }).click();
    const failed = sends()
      .getByRole('listitem')
      .filter({ hasText: `Failed to ${BROKEN}` });
    await failed.getByText(/No such mailbox here/).waitFor();
    // Retry sends again to the same address: the third send of the day, refused by the mailbox again.
    await failed.getByRole('button', { name: `Retry the send to ${BROKEN}` }).click();
    await expect
      .poll(
        async () =>
          sends()
            .getByRole('listitem')
            .filter({ hasText: `Failed to ${BROKEN}` })
            .count(),
        {
          timeout: 30_000,
        },
      )
      .toBe(2);
    expect(await sends().getByRole('button', { name: /Retry/ }).count()).toBe(1);
    // The fourth is past the limit of three a day.
    await section.getByRole('button', { name: 'Send to device' }).click();
    const refusal = section.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(`You have sent ${SENDS_PER_DAY} books to your devices`);
    expect(await sends().getByRole('listitem').count()).toBe(3);
  });

  it('screenshots Settings, a new app password and the send dialog, light and dark, 1280 and 390 px', async () => {
    // Cookies of the signed-in page carry over to each mode's context.
    const state = await page.context().storageState();
    for (const mode of SCREEN_MODES) {
      const { context, page: shotPage, shoot } = await screenPage(browser, mode, shots);
      await context.addCookies(state.cookies);
      await shotPage.goto(`${server.url}/profile`);
      await shotPage.getByRole('list', { name: 'Device addresses' }).waitFor();
      // A password made in this mode: its one-time dialog, then the list with it.
      const apps = shotPage.getByRole('region', { name: 'Reading apps' });
      await apps.getByLabel('Name of the new password').fill(`Kobo (${mode.tag})`);
      await apps.getByRole('button', { name: 'Create app password' }).click();
      const created = shotPage.getByRole('dialog', { name: `App password for “Kobo (${mode.tag})”` });
      await created.getByText('you will not see it again').waitFor();
      await shoot('app-password');
      await created.getByRole('button', { name: 'Done' }).click();
      await apps.getByRole('listitem', { name: `Kobo (${mode.tag})` }).waitFor();
      await shoot('settings');
      await shotPage.goto(`${server.url}/dashboard`);
      await shotPage
        .getByRole('article')
        .filter({ hasText: /Kindle Tale/ })
        .getByRole('button', { name: /Spanish/ })
        .click();
      await shotPage.getByRole('list', { name: 'Sends to devices' }).waitFor();
      await shoot('send-dialog');
      await context.close();
    }
  });
});
