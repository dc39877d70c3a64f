import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { wireBook, wireTranslation, wireUser } from '../api/mock/wire';
import { AddTranslationDialog } from '../pages/dashboard/AddTranslationDialog';
import { UploadWizard } from '../pages/dashboard/UploadWizard';
import { renderWith } from '../test/render';

/** The select's option values in order, with the group each sits in ('' outside any group). */
function offered() {
  const select = screen.getByLabelText('Target language');
  return within(select)
    .getAllByRole('option')
    .map((o) => {
      const group = o.parentElement?.tagName === 'OPTGROUP' ? o.parentElement.getAttribute('label') : '';
      return [(o as HTMLOptionElement).value, group] as const;
    });
}

describe('the target-language choice', () => {
  it('offers the preferred languages from Settings first when a book is uploaded', async () => {
    renderWith(<UploadWizard credits={2} onNoCredits={() => {}} onUploaded={() => {}} />, {
      user: wireUser({ preferred_languages: ['ja', 'de'] }),
    });
    await userEvent.upload(
      screen.getByLabelText('Choose a book file'),
      new File(['Once upon a time'], 'tale.txt', { type: 'text/plain' }),
    );
    const options = offered();
    expect(options.slice(0, 3)).toEqual([
      ['', ''],
      ['ja', 'Your languages'],
      ['de', 'Your languages'],
    ]);
    expect(options[3]?.[1]).toBe('All languages');
    // Each language once: the preferred ones are not repeated below.
    expect(options.filter(([code]) => code === 'de')).toHaveLength(1);
  });

  it('offers only the preferred languages still open for another translation', () => {
    renderWith(
      <AddTranslationDialog
        book={wireBook({
          title: 'Dracula',
          author: 'Bram Stoker',
          original_language: 'en',
          translations: [wireTranslation({ target_language: 'es', status: 'completed', progress: 100 })],
        })}
        onClose={() => {}}
        onStarted={() => {}}
        onNoCredits={() => {}}
      />,
      { user: wireUser({ preferred_languages: ['es', 'en', 'fr'] }) },
    );
    const options = offered();
    expect(options.slice(0, 2)).toEqual([
      ['', ''],
      ['fr', 'Your languages'],
    ]);
    expect(options[2]?.[1]).toBe('All languages');
    expect(options.map(([code]) => code)).not.toContain('es');
    expect(options.filter(([code]) => code === 'fr')).toHaveLength(1);
  });

  it('keeps one plain list without preferred languages', async () => {
    renderWith(<UploadWizard credits={2} onNoCredits={() => {}} onUploaded={() => {}} />, {
      user: wireUser({ preferred_languages: [] }),
    });
    await userEvent.upload(
      screen.getByLabelText('Choose a book file'),
      new File(['Once upon a time'], 'tale.txt', { type: 'text/plain' }),
    );
    expect(offered().every(([, group]) => group === '')).toBe(true);
  });
});
