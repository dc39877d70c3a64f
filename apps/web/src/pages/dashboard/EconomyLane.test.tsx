import { providerUsageWords } from '@booktranslate/contract/qa-finding-words';
import {
  ECONOMY_LANE_WORDS,
  STANDARD_LANE_WORDS,
  waitWords,
} from '@booktranslate/contract/translation-statuses';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetDirectUploads } from '../../api/directUpload';
import {
  wireBook,
  wireConfig,
  wireId,
  wireQuote,
  wireReport,
  wireTranslation,
  wireUser,
} from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import { openTranslationDialog } from '../../test/translationDialog';
import { AddTranslationDialog } from './AddTranslationDialog';
import { TranslationChip } from './TranslationChip';
import { UploadWizard } from './UploadWizard';

type Routes = Parameters<typeof startApiServer>[0];
const T1 = wireId('c1');
const WAIT = waitWords('provider_batch');

describe('the economy lane', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    resetDirectUploads();
  });

  /** Steps 1-3 of the wizard for a book into French; answers what the POST /books/ form held. */
  async function wizard(routes: Routes) {
    const sent: string[] = [];
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'POST /books/': (_req, body) => {
        sent.push(body);
        const translation = wireTranslation({ id: T1, status: 'pending', progress: 0 });
        return {
          status: 201,
          json: { success: true, data: { book: wireBook({ translations: [translation] }), translation } },
        };
      },
      ...routes,
    });
    const onUploaded = vi.fn();
    renderWith(<UploadWizard credits={2} onNoCredits={() => {}} onUploaded={onUploaded} />, {
      user: wireUser(),
    });
    await userEvent.upload(
      screen.getByLabelText('Choose a book file'),
      new File(['Once upon a time'], 'tale.txt', { type: 'text/plain' }),
    );
    await userEvent.selectOptions(screen.getByLabelText('Target language'), 'fr');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    return { sent, onUploaded };
  }

  it('offers Standard and Economy where the quote does, Standard chosen, and sends the choice as lane', async () => {
    const { sent, onUploaded } = await wizard({
      'GET /config/public': () => ({ json: wireConfig({ economy_lane: true }) }),
      'POST /translations/quote/': () => ({
        json: wireQuote({
          target_language: 'fr',
          lanes: ['standard', 'economy'],
          economy_note: ECONOMY_LANE_WORDS,
        }),
      }),
    });
    const group = await screen.findByRole('group', { name: 'Speed and cost' });
    const standard = screen.getByRole('radio', { name: STANDARD_LANE_WORDS });
    const economy = screen.getByRole('radio', { name: ECONOMY_LANE_WORDS });
    expect(group).toContainElement(economy);
    expect(standard).toBeChecked();
    // The keyboard moves the choice: arrow down from Standard selects Economy.
    standard.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(economy).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Start Translation' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalled());
    expect(sent[0]).toContain('name="lane"\r\n\r\neconomy');
  });

  it('sends no lane when Standard stays chosen', async () => {
    const { sent, onUploaded } = await wizard({
      'GET /config/public': () => ({ json: wireConfig({ economy_lane: true }) }),
      'POST /translations/quote/': () => ({
        json: wireQuote({ target_language: 'fr', lanes: ['standard', 'economy'] }),
      }),
    });
    await screen.findByRole('radio', { name: ECONOMY_LANE_WORDS });
    await userEvent.click(screen.getByRole('button', { name: 'Start Translation' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalled());
    expect(sent[0]).not.toContain('name="lane"');
  });

  it('shows no choice where economy is not offered', async () => {
    await wizard({
      'GET /config/public': () => ({ json: wireConfig() }),
      'POST /translations/quote/': () => ({ json: wireQuote({ target_language: 'fr' }) }),
    });
    expect(await screen.findByText('Jack Sheppard')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByText(ECONOMY_LANE_WORDS)).toBeNull();
  });

  it('offers the lanes for another language where the public config enables economy, sent in the JSON body', async () => {
    let body: unknown;
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'GET /config/public': () => ({ json: wireConfig({ economy_lane: true }) }),
      [`POST /books/${wireId('b1')}/add_translation/`]: (_req, raw) => {
        body = JSON.parse(raw);
        return { status: 201, json: wireTranslation({ status: 'pending', lane: 'economy' }) };
      },
    });
    const onStarted = vi.fn();
    renderWith(
      <AddTranslationDialog
        book={wireBook({ original_language: 'en', translations: [] })}
        onClose={() => {}}
        onStarted={onStarted}
        onNoCredits={() => {}}
      />,
      { user: wireUser() },
    );
    await userEvent.selectOptions(screen.getByLabelText('Target language'), 'fr');
    await userEvent.click(await screen.findByRole('radio', { name: ECONOMY_LANE_WORDS }));
    await userEvent.click(screen.getByRole('button', { name: 'Start Translation' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalled());
    expect(body).toEqual({ target_language: 'fr', lane: 'economy' });
  });

  it('shows no choice for another language where the public config does not enable economy', async () => {
    server = await startApiServer({ 'GET /config/public': () => ({ json: wireConfig() }) });
    renderWith(
      <AddTranslationDialog
        book={wireBook({ original_language: 'en', translations: [] })}
        onClose={() => {}}
        onStarted={() => {}}
        onNoCredits={() => {}}
      />,
      { user: wireUser() },
    );
    await userEvent.selectOptions(screen.getByLabelText('Target language'), 'fr');
    await waitFor(() => expect(server?.count('GET /config/public')).toBe(1));
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it("says on the chip that it waits for the provider's batch, with the time it may take", () => {
    const eta = new Date(Date.now() + 5 * 3_600_000 - 60_000).toISOString();
    renderWith(
      <TranslationChip
        translation={wireTranslation({
          status: 'translating',
          lane: 'economy',
          waiting_for: 'provider_batch',
          status_detail: WAIT,
          estimated_completion: eta,
        })}
        onOpen={() => {}}
      />,
      { user: wireUser() },
    );
    const chip = screen.getByRole('button', { name: `Spanish · ${WAIT}` });
    expect(chip).toHaveAttribute('title', `${WAIT}, ready within about 5 hours`);
  });

  it('labels an economy translation that is not waiting as Economy', () => {
    renderWith(
      <TranslationChip
        translation={wireTranslation({ status: 'completed', lane: 'economy' })}
        onOpen={() => {}}
      />,
      { user: wireUser() },
    );
    expect(screen.getByRole('button', { name: 'Spanish · Completed · Economy' })).toBeInTheDocument();
  });

  it("says in the dialog's progress that it waits for the provider's batch", async () => {
    server = await startApiServer({});
    openTranslationDialog(
      wireTranslation({
        id: T1,
        status: 'translating',
        progress: 12,
        lane: 'economy',
        waiting_for: 'provider_batch',
        status_detail: WAIT,
        estimated_completion: new Date(Date.now() + 20 * 60_000).toISOString(),
      }),
    );
    expect(screen.getByText(`${WAIT}, ready within the hour`)).toBeInTheDocument();
    expect(screen.getByText(/Status:/)).toHaveTextContent(`Status: Translating · ${ECONOMY_LANE_WORDS}`);
  });

  it("shows the report's provider tokens and, for economy, the cost saved", async () => {
    const provider = {
      lane: 'economy' as const,
      requests: 3,
      input_tokens: 18_240,
      output_tokens: 21_530,
      reasoning_tokens: 3_200,
      cost_usd: 0.0712,
      cost_saved_usd: 0.0712,
    };
    server = await startApiServer({
      [`GET /translations/${T1}/report/`]: () => ({ json: wireReport({ provider }) }),
    });
    openTranslationDialog(wireTranslation({ id: T1, status: 'completed', progress: 100, lane: 'economy' }));
    // Done: the dialog says which lane it took, no longer when it will be ready.
    expect(screen.getByText(/Status:/)).toHaveTextContent('Status: Completed · Economy lane');
    expect(screen.queryByText(new RegExp(ECONOMY_LANE_WORDS))).toBeNull();
    const lines = providerUsageWords(provider);
    expect(lines).toEqual([
      "18,240 tokens sent to the provider and 21,530 received, of which 3,200 were the model's reasoning (3 requests)",
      'Provider cost: $0.07',
      'The economy lane saved $0.07 against the standard price',
    ]);
    for (const line of lines) expect(await screen.findByText(line)).toBeInTheDocument();
    // A short book's saving is a fraction of a cent: said in digits, never "$0.".
    expect(providerUsageWords({ ...provider, cost_saved_usd: 0.0000361 })[2]).toBe(
      'The economy lane saved $0.000036 against the standard price',
    );
  });

  it('says nothing of a saving for a standard translation', async () => {
    const provider = {
      lane: 'standard' as const,
      requests: 1,
      input_tokens: 900,
      output_tokens: 1_000,
      reasoning_tokens: 0,
      cost_usd: null,
      cost_saved_usd: 0,
    };
    server = await startApiServer({
      [`GET /translations/${T1}/report/`]: () => ({ json: wireReport({ provider }) }),
    });
    openTranslationDialog(wireTranslation({ id: T1, status: 'completed', progress: 100 }));
    expect(
      await screen.findByText('900 tokens sent to the provider and 1,000 received (1 request)'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/saved/)).toBeNull();
    expect(screen.queryByText(/Provider cost/)).toBeNull();
  });
});
