import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { wireConfig, wireQuote, wireUser } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import { UploadWizard } from './UploadWizard';

type Routes = Parameters<typeof startApiServer>[0];

/** A server without a provider key: Apertium translates English and Spanish, the demo engine the rest. */
const apertiumOnly = wireConfig({
  demo_engine: true,
  real_pairs: [
    { source: 'en', target: 'es' },
    { source: 'es', target: 'en' },
  ],
});

async function chooseFileAndLanguage(language: string, next = true) {
  const file = new File(['Once upon a time'], 'tale.txt', { type: 'text/plain' });
  await userEvent.upload(screen.getByLabelText('Choose a book file'), file);
  await userEvent.selectOptions(screen.getByLabelText('Target language'), language);
  if (next) await userEvent.click(screen.getByRole('button', { name: 'Next' }));
}

describe('UploadWizard tells the truth before the credit is spent', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  const start = async (routes: Routes) => {
    server = await startApiServer({ 'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }), ...routes });
    renderWith(<UploadWizard credits={2} onNoCredits={() => {}} onUploaded={() => {}} />, {
      user: wireUser(),
    });
  };

  it('disables Start Translation with the reason once the quote finds the file damaged', async () => {
    await start({
      'GET /config/public': () => ({ json: wireConfig() }),
      'POST /translations/quote/': () => ({
        status: 422,
        json: {
          success: false,
          error: { code: 'UNPROCESSABLE', message: 'damaged', details: { reason: 'damaged' } },
        },
      }),
    });
    await chooseFileAndLanguage('de');
    expect(await screen.findByText(/This file cannot be translated/)).toBeInTheDocument();
    const startButton = screen.getByRole('button', { name: 'Start Translation' });
    expect(startButton).toBeDisabled();
    expect(startButton).toHaveAccessibleDescription(
      'Start Translation is unavailable for this file. Please choose another file.',
    );
  });

  it('keeps Start Translation when the quote could not be made for another reason (a book too large to quote)', async () => {
    await start({
      'GET /config/public': () => ({ json: wireConfig() }),
      'POST /translations/quote/': () => ({
        status: 413,
        json: {
          success: false,
          error: { code: 'PAYLOAD_TOO_LARGE', message: 'Books this large are quoted once uploaded' },
        },
      }),
    });
    await chooseFileAndLanguage('de');
    expect(await screen.findByText(/No quote for this file/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Translation' })).toBeEnabled();
  });

  it('warns of demo text only for a pair no real engine serves, and names the engine in the quote', async () => {
    await start({
      'GET /config/public': () => ({ json: apertiumOnly }),
      'POST /translations/quote/': (_req, body) =>
        body.includes('name="target_language"\r\n\r\nja')
          ? { json: wireQuote({ target_language: 'ja', engine: 'demo', engine_is_demo: true }) }
          : { json: wireQuote() },
    });
    await chooseFileAndLanguage('ja', false);
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Demo engine: translations into Japanese on this server are placeholder text',
    );
    // Apertium translates into Spanish: no notice for it.
    await userEvent.selectOptions(screen.getByLabelText('Target language'), 'es');
    expect(screen.queryByRole('note')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Target language'), 'ja');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Demo engine (placeholder text)')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Demo engine: this translation into Japanese would be placeholder text',
    );
  });

  it('says nothing of a demo where the quote names a real engine', async () => {
    await start({
      'GET /config/public': () => ({ json: apertiumOnly }),
      'POST /translations/quote/': () => ({ json: wireQuote() }),
    });
    await chooseFileAndLanguage('es');
    expect(await screen.findByText('Apertium (rule-based machine translation)')).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start Translation' })).toBeEnabled();
  });
});
