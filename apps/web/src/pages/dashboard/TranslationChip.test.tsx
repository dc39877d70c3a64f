import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { wireTranslation, wireUser } from '../../api/mock/wire';
import { renderWith } from '../../test/render';
import { TranslationChip } from './TranslationChip';

describe('TranslationChip', () => {
  it('counts the words its translation took from memory apart, the whole sentence in its title', () => {
    renderWith(
      <TranslationChip
        translation={wireTranslation({ status: 'translating', words_done: 3000, words_from_memory: 21_400 })}
        onOpen={() => {}}
      />,
      { user: wireUser() },
    );
    const chip = screen.getByRole('button', { name: 'Spanish · Translating · 21,400 words from memory' });
    expect(chip).toHaveAttribute('title', '21,400 words from your earlier translations');
  });

  it('says nothing of memory when it gave no word', () => {
    renderWith(<TranslationChip translation={wireTranslation({ status: 'completed' })} onOpen={() => {}} />, {
      user: wireUser(),
    });
    const chip = screen.getByRole('button', { name: 'Spanish · Completed' });
    expect(chip).not.toHaveAttribute('title');
  });
});
