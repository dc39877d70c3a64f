import type { Translation } from '@booktranslate/contract';
import { vi } from 'vitest';
import { wireBook, wireUser } from '../api/mock/wire';
import { TranslationDialog } from '../pages/dashboard/TranslationDialog';
import { renderWith } from './render';

/** The book the dialog tests open their translation from. */
export const dialogBook = wireBook({ title: 'Dracula', author: 'Bram Stoker', original_language: 'en' });

/**
 * Opens the translation dialog of `translation` for a signed-in reader, with spies for its close and
 * change callbacks, so each test states only the translation and the API answers it is about.
 */
export function openTranslationDialog(translation: Translation, book = dialogBook) {
  const onClose = vi.fn();
  const onChanged = vi.fn(async (_toast?: string) => {});
  const view = renderWith(
    <TranslationDialog book={book} translation={translation} onClose={onClose} onChanged={onChanged} />,
    { user: wireUser() },
  );
  return { ...view, onClose, onChanged };
}
