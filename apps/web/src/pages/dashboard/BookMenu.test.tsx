import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { wireBook, wireUser } from '../../api/mock/wire';
import { renderWith } from '../../test/render';
import { BookMenu } from './BookMenu';

const book = wireBook({ title: 'Dracula', author: '' });

describe('BookMenu', () => {
  it('gives focus back to its trigger when a dialog opened from the menu closes', async () => {
    renderWith(<BookMenu book={book} onAddTranslation={() => {}} onChanged={async () => {}} />, {
      user: wireUser(),
    });
    const trigger = screen.getByRole('button', { name: 'Actions for Dracula' });
    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Book' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('moves focus into the menu, along it with the arrow keys, and back to the trigger on Escape', async () => {
    renderWith(<BookMenu book={book} onAddTranslation={() => {}} onChanged={async () => {}} />, {
      user: wireUser(),
    });
    const trigger = screen.getByRole('button', { name: 'Actions for Dracula' });
    await userEvent.click(trigger);
    expect(screen.getByRole('menuitem', { name: 'Download original' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Add translation' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Download original' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
  });
});
