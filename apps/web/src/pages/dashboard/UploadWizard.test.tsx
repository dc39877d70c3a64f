import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { wireConfig, wireUser } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import { UploadWizard } from './UploadWizard';

describe('UploadWizard credit gating', () => {
  it('greys out the drop area at zero credits and opens the no-credits dialog on click', async () => {
    const onNoCredits = vi.fn();
    renderWith(<UploadWizard credits={0} onNoCredits={onNoCredits} onUploaded={() => {}} />, {
      user: wireUser({ credits_available: { FREE: 0, READER: 0, BOOKWORM: 0 } }),
    });
    expect(screen.getByText('No Credits Available')).toBeInTheDocument();
    expect(screen.getByText('You need credits to upload books')).toBeInTheDocument();
    expect(screen.getByText('Upgrade your plan to get credits')).toBeInTheDocument();
    expect(
      screen.queryByText('Supports EPUB, FB2, PDF, DOCX, AZW3, MOBI, Markdown, TXT (max 100MB)'),
    ).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('No Credits Available'));
    expect(onNoCredits).toHaveBeenCalledOnce();
  });

  it('points to the operator, not to a plan, when the server takes no payments', async () => {
    const server = await startApiServer({
      'GET /config/public': () => ({ json: wireConfig({ paypal_client_id: null }) }),
    });
    try {
      renderWith(<UploadWizard credits={0} onNoCredits={() => {}} onUploaded={() => {}} />, {
        user: wireUser({ credits_available: { FREE: 0, READER: 0, BOOKWORM: 0 } }),
      });
      expect(await screen.findByText('Ask the operator of this server for credits')).toBeInTheDocument();
      expect(screen.queryByText('Upgrade your plan to get credits')).not.toBeInTheDocument();
    } finally {
      await server.close();
    }
  });

  it('tells top-tier users that credits renew automatically', () => {
    renderWith(<UploadWizard credits={0} onNoCredits={() => {}} onUploaded={() => {}} />, {
      user: wireUser({ subscription_plan: 'bookworm' }),
    });
    expect(screen.getByText('Credits will be renewed automatically')).toBeInTheDocument();
  });

  it('walks file -> language (Next disabled until chosen) -> confirmation', async () => {
    renderWith(<UploadWizard credits={2} onNoCredits={() => {}} onUploaded={() => {}} />, {
      user: wireUser(),
    });
    expect(
      screen.getByText('Supports EPUB, FB2, PDF, DOCX, AZW3, MOBI, Markdown, TXT (max 100MB)'),
    ).toBeInTheDocument();
    const file = new File(['Once upon a time'], 'tale.txt', { type: 'text/plain' });
    await userEvent.upload(screen.getByLabelText('Choose a book file'), file);
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    expect(screen.getByRole('option', { name: /-- Select Language --/ })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Target language'), 'uk');
    expect(screen.getByRole('option', { name: /Ukrainian \(beta\)/ })).toBeInTheDocument();
    await userEvent.click(next);
    expect(screen.getByText('Ready to Translate')).toBeInTheDocument();
    expect(screen.getByText('tale.txt')).toBeInTheDocument();
    expect(screen.getByText('Ukrainian (beta)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Translation' })).toBeEnabled();
    const review = screen.getByRole('checkbox', { name: /Review the glossary first/ });
    expect(review).not.toBeChecked();
    await userEvent.click(review);
    expect(review).toBeChecked();
  });

  it('refuses a dropped file that is no format we read and stays on step 1', () => {
    renderWith(<UploadWizard credits={2} onNoCredits={() => {}} onUploaded={() => {}} />, {
      user: wireUser(),
    });
    const area = screen.getByRole('button', { name: /Drop your book here/ });
    const odt = new File(['PK'], 'draft.odt', { type: 'application/vnd.oasis.opendocument.text' });
    fireEvent.drop(area, { dataTransfer: { files: [odt] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Unsupported file type');
    expect(screen.queryByText('Select Target Language')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    const epub = new File(['PK'], 'tale.EPUB', { type: 'application/epub+zip' });
    fireEvent.drop(area, { dataTransfer: { files: [epub] } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it.each(['scan.pdf', 'Report.DOCX', 'kindle.azw3', 'old.mobi', 'notes.md'])(
    'takes %s, a format read since PDF, DOCX, Kindle and Markdown came',
    (name) => {
      renderWith(<UploadWizard credits={2} onNoCredits={() => {}} onUploaded={() => {}} />, {
        user: wireUser(),
      });
      const area = screen.getByRole('button', { name: /Drop your book here/ });
      fireEvent.drop(area, { dataTransfer: { files: [new File(['x'], name)] } });
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
    },
  );

  it('takes a zipped FB2 (.fb2.zip), as most FB2 books are shared', () => {
    renderWith(<UploadWizard credits={2} onNoCredits={() => {}} onUploaded={() => {}} />, {
      user: wireUser(),
    });
    const area = screen.getByRole('button', { name: /Drop your book here/ });
    const zipped = new File(['PK'], 'besy.fb2.zip', { type: 'application/zip' });
    fireEvent.drop(area, { dataTransfer: { files: [zipped] } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });
});
