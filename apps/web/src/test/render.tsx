import type { User } from '@booktranslate/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { AuthContext, type AuthState } from '../auth/AuthContext';

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
