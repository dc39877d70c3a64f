import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { wireUser } from '../api/mock/wire';
import { renderWith } from '../test/render';
import { Navbar } from './Navbar';

describe('Navbar', () => {
  it('saves dark mode under darkMode and toggles the class', async () => {
    renderWith(<Navbar />);
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(localStorage.getItem('darkMode')).toBe('false');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('closes the mobile menu on Escape', async () => {
    renderWith(<Navbar />);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(document.getElementById('mobile-menu')).not.toBeNull();
    const login = document.querySelector<HTMLAnchorElement>('#mobile-menu a[href="/login"]');
    login?.focus();
    expect(login).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(document.getElementById('mobile-menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('shows Features and Pricing to visitors, Dashboard and Billing to members', () => {
    const { unmount } = renderWith(<Navbar />);
    expect(screen.getAllByRole('link', { name: 'Pricing' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    // The spec's 'Login link for visitors': a real link, so it opens in a new tab and reads as one.
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    unmount();
    renderWith(<Navbar />, { user: wireUser() });
    expect(screen.getAllByRole('link', { name: 'Billing' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'User menu' })).toHaveTextContent('AR');
  });
});
