import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { wireQuote, wireUser } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import { QuotePanel } from './QuotePanel';

describe('QuotePanel (upload step 3)', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  it('shows the book, its length and language, what the credit covers and the time, from the quote call', async () => {
    let contentType: unknown;
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'POST /translations/quote/': (req) => {
        contentType = req.headers['content-type'];
        return {
          json: wireQuote({ engine: 'openai:gpt-6-luna', estimated_seconds: 551 }),
        };
      },
    });
    const file = new File(['Once upon a time'], 'jack.txt', { type: 'text/plain' });
    renderWith(<QuotePanel file={file} language="es" />, { user: wireUser() });
    expect(screen.getByText('Reading the book...')).toBeInTheDocument();
    expect(
      await screen.findByText("Your Free credit translates the first 5,000 of this book's 104,212 words."),
    ).toBeInTheDocument();
    expect(screen.getByText('Jack Sheppard')).toBeInTheDocument();
    expect(screen.getByText('William Harrison Ainsworth')).toBeInTheDocument();
    expect(screen.getByText('104,212 words · 38 chapters')).toBeInTheDocument();
    expect(screen.getByText('English')).toBeInTheDocument();
    expect(screen.getByText('about 9 minutes')).toBeInTheDocument();
    expect(screen.getByText('OpenAI-compatible model gpt-6-luna')).toBeInTheDocument();
    expect(String(contentType)).toMatch(/^multipart\/form-data/);
  });
});
