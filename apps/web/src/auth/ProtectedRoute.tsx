import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { afterSignIn } from '../lib/chosenPlan';
import { useAuth } from './AuthContext';

/** Login-only screens: a loading message while auth resolves, then /login for visitors. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (!user && loading) return <PageLoading label="Checking your session..." />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/**
 * Public screens that signed-in users skip: landing and login go to /dashboard, or to the billing
 * page when the address carries a plan chosen on the landing page (it survives signing in).
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { search } = useLocation();
  if (user) return <Navigate to={afterSignIn(new URLSearchParams(search))} replace />;
  return <>{children}</>;
}
