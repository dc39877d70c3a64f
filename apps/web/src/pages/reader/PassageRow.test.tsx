import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { wirePassage, wireUser } from '../../api/mock/wire';
import { renderWith } from '../../test/render';
import { PassageRow } from './PassageRow';

const side = { lang: 'en', dir: 'ltr' as const };

function renderRow(fromMemory: boolean) {
  return renderWith(
    <ul>
      <PassageRow
        passage={wirePassage({ from_memory: fromMemory })}
        index={0}
        mode={null}
        source={side}
        target={{ lang: 'es', dir: 'ltr' }}
        onOpen={() => {}}
      />
    </ul>,
    { user: wireUser() },
  );
}

describe('PassageRow', () => {
  it('marks a passage taken from the translation memory, saying what that means', () => {
    renderRow(true);
    const row = screen.getByRole('listitem', { name: 'Passage 1, from memory' });
    const label = within(row).getByTitle('Taken from your earlier translations, not translated again');
    expect(label.textContent).toBe('From memory: Taken from your earlier translations, not translated again');
  });

  it('shows no memory label on a passage the engine translated for this book', () => {
    renderRow(false);
    expect(screen.getByRole('listitem', { name: 'Passage 1' })).toBeInTheDocument();
    expect(screen.queryByText('From memory')).toBeNull();
  });
});
