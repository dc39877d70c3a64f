import { Navigate } from 'react-router';
import { useAuth } from '../auth/AuthContext';

/**
 * Where "pricing" is for this person: the landing page's #pricing for visitors, the billing page's
 * plans for members (the landing page sends signed-in users to /dashboard, which would lose the hash).
 */
export function pricingPath(signedIn: boolean): string {
  return signedIn ? '/billing#pricing-tiers' : '/#pricing';
}

/** The /pricing route. */
export function PricingRedirect() {
  const { user } = useAuth();
  return <Navigate to={pricingPath(Boolean(user))} replace />;
}
