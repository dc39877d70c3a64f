import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useState } from 'react';
import { App } from './App';
import { createQueryClient } from './api/queryClient';
import { AuthProvider } from './auth/AuthProvider';
import { ErrorBoundary } from './components/ErrorFallback';

/**
 * The app under its providers, the same tree in the page (BrowserRouter) and when a public page is
 * pre-rendered at build time (a StaticRouter at that path), so hydration finds what was rendered.
 */
export function AppProviders({ router: Router }: { router: ComponentType<{ children?: ReactNode }> }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <Router>
          <AuthProvider>
            <App />
          </AuthProvider>
        </Router>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
