import type { Book } from '@booktranslate/contract';
import { LANGUAGES } from '@booktranslate/contract/languages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { wireBook, wireConfig, wireId, wireTranslation } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import { AddTranslationDialog } from './AddTranslationDialog';

const book = (over: Partial<Book> = {}): Book =>
  wireBook({
    title: 'Dracula',
    author: 'Bram Stoker',
    original_language: 'en',
    translations: [wireTranslation({ target_language: 'es', status: 'completed', progress: 100 })],
    ...over,
  });

describe('AddTranslationDialog', () => {
  it('excludes the original and translated languages and needs a choice', async () => {
    renderWith(
      <AddTranslationDialog book={book()} onClose={() => {}} onStarted={() => {}} onNoCredits={() => {}} />,
    );
    const select = screen.getByLabelText('Target language');
    const values = within(select)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(values).not.toContain('en');
    expect(values).not.toContain('es');
    expect(values).toContain('fr');
    const submit = screen.getByRole('button', { name: 'Start Translation' });
    expect(submit).toBeDisabled();
    await userEvent.selectOptions(select, 'fr');
    expect(submit).toBeEnabled();
  });

  it('leaves out the book language by base language (an en-GB book is not offered English)', () => {
    renderWith(
      <AddTranslationDialog
        book={book({ original_language: 'en-gb', translations: [] })}
        onClose={() => {}}
        onStarted={() => {}}
        onNoCredits={() => {}}
      />,
    );
    const values = within(screen.getByLabelText('Target language'))
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(values).not.toContain('en');
    expect(values).toContain('es');
  });

  it('says so when every language is taken', () => {
    const all = LANGUAGES.filter((l) => l.code !== 'en').map((l, i) =>
      wireTranslation({ id: wireId(`c${i}`), target_language: l.code, status: 'completed', progress: 100 }),
    );
    renderWith(
      <AddTranslationDialog
        book={book({ translations: all })}
        onClose={() => {}}
        onStarted={() => {}}
        onNoCredits={() => {}}
      />,
    );
    expect(
      screen.getByText('All available languages have already been translated for this book.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Translation' })).not.toBeInTheDocument();
  });

  it('is a labelled modal dialog that closes on Escape', async () => {
    let closed = false;
    renderWith(
      <AddTranslationDialog
        book={book()}
        onClose={() => {
          closed = true;
        }}
        onStarted={() => {}}
        onNoCredits={() => {}}
      />,
    );
    expect(screen.getByRole('dialog', { name: /Add translation: Dracula/ })).toHaveAttribute(
      'aria-modal',
      'true',
    );
    await userEvent.keyboard('{Escape}');
    expect(closed).toBe(true);
  });

  it('says before the start when the chosen pair gets the demo engine, and only then', async () => {
    const server = await startApiServer({
      'GET /config/public': () => ({
        json: wireConfig({ demo_engine: true, real_pairs: [{ source: 'en', target: 'es' }] }),
      }),
    });
    try {
      renderWith(
        <AddTranslationDialog
          book={book({ translations: [] })}
          onClose={() => {}}
          onStarted={() => {}}
          onNoCredits={() => {}}
        />,
      );
      const select = screen.getByLabelText('Target language');
      await userEvent.selectOptions(select, 'fr');
      expect(
        await screen.findByText(
          /Demo engine: translations from English into French on this server are placeholder text/,
        ),
      ).toBeInTheDocument();
      await userEvent.selectOptions(select, 'es');
      expect(screen.queryByText(/Demo engine:/)).not.toBeInTheDocument();
    } finally {
      await server.close();
    }
  });
});
