import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeLlm, makeTinyEpub, startFakeLlm } from '@booktranslate/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { confirmEmail, openApp, SCREEN_MODES, screenPage } from './e2e-helpers';
import { e2eMissingReason, type RunningServer, startServer } from './start-server';

const reason = e2eMissingReason();
if (reason) console.warn(`economy lane browser test skipped: ${reason}`);

const TITLE = 'The Slow Mill';
const ECONOMY = 'Economy: about half the provider cost, ready within hours';
const WAITING = "Waiting for the provider's batch (economy lane)";
/** How long the fake provider keeps a batch running: time to see (and photograph) the wait. */
const BATCH_MS = 20_000;

/**
 * The economy lane in Chromium against the compiled server with ECONOMY_LANE=batch and the fake
 * OpenAI server's Batch API (docs/operations.md): the confirm step offers Standard and Economy, a
 * book started in Economy says it waits for the provider's batch, completes when the batch ends, and
 * its QA report counts the cost saved. Screenshots (light, dark, 1280 px and 390 px) of the choice,
 * the waiting chip and the report go to E2E_SHOTS_DIR or a folder printed at the end.
 */
describe.skipIf(reason)('the economy lane in Chromium', () => {
  let llm: FakeLlm;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const dir = mkdtempSync(join(tmpdir(), 'bt-e2e-economy-'));
  const shots = process.env.E2E_SHOTS_DIR ?? mkdtempSync(join(tmpdir(), 'bt-economy-shots-'));
  mkdirSync(shots, { recursive: true });
  const book = join(dir, 'slow-mill.epub');
  writeFileSync(
    book,
    makeTinyEpub({
      title: TITLE,
      chapters: [
        {
          title: 'The Wheel',
          paragraphs: [
            'The wheel of the old mill turned slowly through the long night.',
            'Mara listened to the water and waited for the morning bread.',
          ],
        },
      ],
    }),
  );
  const card = (p: Page) => p.getByRole('article').filter({ hasText: TITLE });

  /** Steps 1-3 of the wizard for the book into Spanish, up to the lane choice. */
  async function toConfirmStep(p: Page) {
    await p.getByLabel('Choose a book file').setInputFiles(book);
    await p.getByLabel('Target language').selectOption('es');
    await p.getByRole('button', { name: 'Next' }).click();
    await p.getByText('Ready to Translate').waitFor();
    await p.getByRole('radio', { name: ECONOMY }).waitFor();
  }

  /** Each of the four screen modes, signed in as the test's reader, at `path`. */
  async function eachMode(name: string, show: (p: Page) => Promise<void>) {
    for (const mode of SCREEN_MODES) {
      const { context, page: shot, shoot } = await screenPage(browser, mode, shots);
      await context.addCookies(await page.context().cookies());
      await shot.goto(`${server.url}/dashboard`);
      await show(shot);
      await shoot(name);
      await context.close();
    }
  }

  beforeAll(async () => {
    llm = await startFakeLlm({ latencyMs: 200, batchDelayMs: BATCH_MS });
    server = await startServer({
      TRANSLATION_ENGINE: 'openai',
      OPENAI_BASE_URL: llm.baseURL,
      OPENAI_API_KEY: 'test-key',
      ECONOMY_LANE: 'batch',
      ECONOMY_POLL_SECONDS: '1',
    });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(60_000);
    // The sign-up form once the app has taken the page over (its pre-rendered form only paints).
    const email = `economy-${Date.now()}@example.com`;
    await openApp(page, `${server.url}/login`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Full name').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');
    await confirmEmail(page, server.url, email, server.mailDir);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await llm?.close();
    console.log(`economy lane screenshots: ${shots}`);
  });

  it('starts a book in Economy, says it waits for the batch, completes, and reports the saving', async () => {
    await toConfirmStep(page);
    expect(await page.getByRole('radio', { name: /^Standard/ }).isChecked()).toBe(true);
    await eachMode('economy-choice', async (p) => {
      await toConfirmStep(p);
      await p.getByRole('radio', { name: ECONOMY }).check();
    });

    await page.getByRole('radio', { name: ECONOMY }).check();
    await page.getByRole('button', { name: 'Start Translation' }).click();
    await page.getByText('Book successfully added!').waitFor();
    const waiting = card(page).getByRole('button', { name: `Spanish · ${WAITING}` });
    await waiting.waitFor({ timeout: 30_000 });
    await eachMode('economy-waiting', async (p) => {
      await card(p)
        .getByRole('button', { name: `Spanish · ${WAITING}` })
        .waitFor();
    });

    // The batch ends after BATCH_MS; the next poll saves its replies and the translation completes.
    const done = card(page).getByRole('button', { name: /Spanish · (Completed|Free preview) · Economy/ });
    await done.waitFor({ timeout: BATCH_MS + 60_000 });
    const openReport = async (p: Page) => {
      await card(p)
        .getByRole('button', { name: /Spanish · (Completed|Free preview) · Economy/ })
        .click();
      const dialog = p.getByRole('dialog');
      await dialog.getByText(/^Quality:/).click();
      await dialog.getByText(/The economy lane saved \$/).waitFor();
      return dialog;
    };
    const dialog = await openReport(page);
    const text = (await dialog.textContent()) ?? '';
    // Done: which lane it took, no longer the promise of when it will be ready.
    expect(text).toMatch(/(Completed|Free preview) · Economy lane/);
    expect(text).not.toContain(ECONOMY);
    expect(text).toMatch(/[\d,]+ tokens sent to the provider and [\d,]+ received/);
    expect(text).toMatch(/The economy lane saved \$\d/);
    await eachMode('economy-report', async (p) => {
      await openReport(p);
    });
  }, 300_000);
});
