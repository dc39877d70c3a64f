import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { wireUser } from '../api/mock/wire';
import { renderWith } from '../test/render';
import { SupportWidget } from './SupportWidget';

describe('SupportWidget', () => {
  it('focuses the first field a visitor can type in and closes on Escape back to its button', async () => {
    renderWith(<SupportWidget />);
    const button = screen.getByRole('button', { name: 'Need help?' });
    await userEvent.click(button);
    expect(screen.getByRole('heading', { name: 'Need Help?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('heading', { name: 'Need Help?' })).toBeNull();
    expect(button).toHaveFocus();
  });

  it('skips the locked name and email of a signed-in user', async () => {
    renderWith(<SupportWidget />, { user: wireUser() });
    await userEvent.click(screen.getByRole('button', { name: 'Need help?' }));
    expect(screen.getByLabelText('Message')).toHaveFocus();
  });
});
