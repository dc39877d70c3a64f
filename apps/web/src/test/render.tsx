import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import type { User } from '../api/types';
import { AuthContext, type AuthState } from '../auth/AuthContext';

export const testUser = (over: Partial<User> = {}): User => ({
  id: 'u1',
  email: 'ann@example.com',
  name: 'Ann Reader',
  subscription: { plan: 'free', status: 'active' },
  credits: { FREE: 2, READER: 0, BOOKWORM: 0 },
  preferredLanguages: [],
  emailNotifications: true,
  emailConfirmed: true,
  freeCreditsPending: 0,
  ...over,
});

/** Renders inside a router, a fresh query client and a fixed auth state. */
export function renderWith(ui: ReactElement, { user = null as User | null, path = '/' } = {}) {
  const auth: AuthState = {
    user,
    loading: false,
    setUser: () => {},
    refreshUser: async () => {},
    signOut: async () => {},
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AuthContext.Provider value={auth}>{ui}</AuthContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
