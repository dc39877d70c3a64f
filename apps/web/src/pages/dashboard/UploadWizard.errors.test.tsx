import { bookRefusalWords } from '@booktranslate/contract/book-refusals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetDirectUploads } from '../../api/directUpload';
import { wireConfig, wireUser } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import { UploadWizard } from './UploadWizard';

/** Picks a file and a language and starts the upload. */
async function startUpload() {
  const file = new File(['Once upon a time'], 'tale.txt', { type: 'text/plain' });
  await userEvent.upload(screen.getByLabelText('Choose a book file'), file);
  await userEvent.selectOptions(screen.getByLabelText('Target language'), 'de');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await userEvent.click(screen.getByRole('button', { name: 'Start Translation' }));
}

const refusal = (status: number, code: string, message: string, details?: unknown) => ({
  status,
  json: { success: false, error: { code, message, ...(details ? { details } : {}) } },
});

describe('UploadWizard decides on the error code', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(async () => {
    await server?.close();
    resetDirectUploads();
  });

  it('opens the no-credits dialog on INSUFFICIENT_CREDITS whatever the message says', async () => {
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'GET /config/public': () => ({ json: wireConfig() }),
      'POST /books/': () => refusal(402, 'INSUFFICIENT_CREDITS', 'Your balance is empty'),
    });
    const onNoCredits = vi.fn();
    renderWith(<UploadWizard credits={1} onNoCredits={onNoCredits} onUploaded={() => {}} />, {
      user: wireUser(),
    });
    await startUpload();
    await waitFor(() => expect(onNoCredits).toHaveBeenCalledOnce());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names a refused book and goes back to step 1; a message about credits alone is not a 402', async () => {
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'GET /config/public': () => ({ json: wireConfig() }),
      'POST /books/': () =>
        refusal(422, 'UNPROCESSABLE', 'Out of credits? No: a broken file', { reason: 'drm' }),
    });
    const onNoCredits = vi.fn();
    renderWith(<UploadWizard credits={1} onNoCredits={onNoCredits} onUploaded={() => {}} />, {
      user: wireUser(),
    });
    await startUpload();
    expect(await screen.findByRole('alert')).toHaveTextContent('This book is protected by DRM');
    expect(onNoCredits).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Choose a book file')).toBeInTheDocument();
  });

  it('names a book refused as too complex in the contract’s words', async () => {
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'GET /config/public': () => ({ json: wireConfig() }),
      'POST /books/': () =>
        refusal(422, 'UNPROCESSABLE', 'The server’s sentence (nesting deeper than 200)', {
          reason: 'too-complex',
        }),
    });
    renderWith(<UploadWizard credits={1} onNoCredits={() => {}} onUploaded={() => {}} />, {
      user: wireUser(),
    });
    await startUpload();
    expect(await screen.findByRole('alert')).toHaveTextContent(bookRefusalWords['too-complex']);
  });

  it('shows the storage refusal as the server words it, with no advice to check the connection', async () => {
    const message =
      'Your books take 498 MB of your 500 MB of storage, and this file (12 MB) would not fit. Delete books you no longer need, then upload again.';
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'GET /config/public': () => ({ json: wireConfig() }),
      'POST /books/': () =>
        refusal(413, 'STORAGE_QUOTA_EXCEEDED', message, {
          used_bytes: 498 * 1024 * 1024,
          limit_bytes: 500 * 1024 * 1024,
          file_bytes: 12 * 1024 * 1024,
        }),
    });
    renderWith(<UploadWizard credits={1} onNoCredits={() => {}} onUploaded={() => {}} />, {
      user: wireUser(),
    });
    await startUpload();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).not.toHaveTextContent('Check your connection');
    expect(alert).not.toHaveTextContent('larger than the service accepts');
    // The file is fine: it stays chosen for after some books are deleted.
    expect(screen.getByRole('button', { name: 'Start Translation' })).toBeInTheDocument();
  });
});
