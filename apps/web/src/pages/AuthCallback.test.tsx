import { act, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWith } from '../test/render';
import AuthCallback from './AuthCallback';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const routes = (
  <Routes>
    <Route path="/auth/callback" element={<AuthCallback />} />
    <Route path="*" element={<Where />} />
  </Routes>
);

describe('OAuth callback', () => {
  afterEach(() => vi.useRealTimers());

  it.each([
    ['/auth/callback?error=access_denied', 'OAuth error: access_denied'],
    ['/auth/callback?state=x', 'No authorization code received'],
  ])('%s shows the error, then goes to /login after 3 s', (path, message) => {
    vi.useFakeTimers();
    renderWith(routes, { path });
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.queryByTestId('where')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
  });

  it('shows success with a code, then goes to /dashboard after 2 s', () => {
    vi.useFakeTimers();
    renderWith(routes, { path: '/auth/callback?code=abc&state=x' });
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => vi.advanceTimersByTime(1900));
    expect(screen.queryByTestId('where')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard');
  });

  it.each([
    ['', 'Signed in with Google'],
    ['&provider=google', 'Signed in with Google'],
    ['&provider=apple', 'Signed in with Apple'],
    ['&provider=FACEBOOK', 'Signed in with Facebook'],
  ])('names the provider properly (%s)', (query, heading) => {
    vi.useFakeTimers();
    renderWith(routes, { path: `/auth/callback?code=abc${query}` });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
  });
});
