import type { Translation } from '@booktranslate/contract';
import { noCreditsMessage } from '@booktranslate/contract/no-credits';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { wireBook, wireBriefAnswer, wireError, wireId, wireTranslation } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { openTranslationDialog } from '../../test/translationDialog';
import { TranslationChip } from './TranslationChip';

const T1 = wireId('c1');
const PREVIEW = { word_limit: 5000, words_translated: 4987, words_total: 26559 };
const book = wireBook({ title: 'Alice', author: 'Lewis Carroll' });
const translation = (over: Partial<Translation> = {}): Translation =>
  wireTranslation({
    id: T1,
    target_language: 'es',
    status: 'completed',
    progress: 100,
    preview: PREVIEW,
    ...over,
  });

describe('a Free preview on the dashboard', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  it('the card calls a completed preview a Free preview, and a whole book Completed', () => {
    const { rerender } = render(<TranslationChip translation={translation()} onOpen={() => {}} />);
    expect(screen.getByRole('button')).toHaveTextContent(/· Free preview$/);
    rerender(<TranslationChip translation={translation({ preview: null })} onOpen={() => {}} />);
    expect(screen.getByRole('button')).toHaveTextContent(/· Completed$/);
  });

  async function openDialog(routes: Parameters<typeof startApiServer>[0], t = translation()) {
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      [`GET /translations/${T1}/brief/`]: () => ({ json: wireBriefAnswer(T1, null) }),
      ...routes,
    });
    return openTranslationDialog(t, book);
  }

  it('the dialog says how much of the book the preview covers and translates the rest through the API', async () => {
    const { onChanged, onClose } = await openDialog({
      [`POST /translations/${T1}/complete/`]: () => ({
        json: wireTranslation({ id: T1, status: 'pending', credit_tier: 'READER' }),
      }),
    });
    expect(screen.getByText(/^Status:/)).toHaveTextContent('Status: Free preview');
    expect(screen.getByRole('region', { name: 'Free preview' })).toHaveTextContent(
      'This is a Free preview: the first 5,000 of 26,559 words.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Translate the rest' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onChanged).toHaveBeenCalledWith('Translating the rest of the book');
    expect(server?.count(`POST /translations/${T1}/complete/`)).toBe(1);
  });

  it('without a paid credit the dialog says so in the server’s sentence, with the way to the plans', async () => {
    const { onClose } = await openDialog({
      [`POST /translations/${T1}/complete/`]: () => ({
        status: 402,
        json: wireError('INSUFFICIENT_CREDITS', noCreditsMessage),
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Translate the rest' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(noCreditsMessage);
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/billing');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a translation of the whole book is Completed, with nothing to translate', async () => {
    await openDialog({}, translation({ preview: null }));
    expect(screen.getByText(/^Status:/)).toHaveTextContent('Status: Completed');
    expect(screen.queryByRole('button', { name: 'Translate the rest' })).toBeNull();
    expect(screen.queryByText(/Free preview/)).toBeNull();
  });
});
