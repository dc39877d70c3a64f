import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

const login = vi.hoisted(() => vi.fn(async () => ({ id: 'u1', email: 'ann@example.com' })));
vi.mock('../../api/signIn', () => ({ login, register: vi.fn() }));

import { EmailForm } from './EmailForm';

/** Sets a field's value the way typing into the pre-rendered page does: the DOM only, no React event. */
function typeBeforeTheApp(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
}

describe('EmailForm on a pre-rendered page', () => {
  it('signs in with what was typed before the app took the form over', async () => {
    const onSignedIn = vi.fn();
    render(
      <MemoryRouter>
        <EmailForm mode="signin" onMode={() => {}} onSignedIn={onSignedIn} onError={() => {}} />
      </MemoryRouter>,
    );
    typeBeforeTheApp(screen.getByLabelText('Email') as HTMLInputElement, ' ann@example.com ');
    typeBeforeTheApp(screen.getByLabelText('Password') as HTMLInputElement, 'secret-words');
    fireEvent.submit(screen.getByRole('button', { name: 'Sign in' }).closest('form') as HTMLFormElement);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(login).toHaveBeenCalledWith('ann@example.com', 'secret-words');
  });
});
