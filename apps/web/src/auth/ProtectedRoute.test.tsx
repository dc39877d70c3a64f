import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { wireUser } from '../api/mock/wire';
import { AuthContext, type AuthState } from './AuthContext';
import { GuestOnly, ProtectedRoute } from './ProtectedRoute';

function at(path: string, auth: Partial<AuthState>) {
  const value: AuthState = {
    user: null,
    loading: false,
    setUser: () => {},
    refreshUser: async () => {},
    signOut: async () => {},
    ...auth,
  };
  render(
    <AuthContext.Provider value={value}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/"
            element={
              <GuestOnly>
                <p>landing</p>
              </GuestOnly>
            }
          />
          <Route path="/login" element={<p>login page</p>} />
          <Route
            path="/dashboard"
            element={
              <ProtectedRoute>
                <p>library</p>
              </ProtectedRoute>
            }
          />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

describe('route guards', () => {
  it('shows a loading message while auth resolves', () => {
    at('/dashboard', { loading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session...');
  });
  it('sends visitors to /login', () => {
    at('/dashboard', {});
    expect(screen.getByText('login page')).toBeInTheDocument();
  });
  it('lets members in and sends them from / to /dashboard', () => {
    at('/', { user: wireUser() });
    expect(screen.getByText('library')).toBeInTheDocument();
  });
});
