const TITLES: Record<string, string> = {
  '/login': 'Sign in',
  '/auth/callback': 'Signing in',
  '/payment': 'Checkout',
  '/payment-success': 'Payment successful',
  '/terms-of-service': 'Terms of Service',
  '/privacy-policy': 'Privacy Policy',
  '/dashboard': 'Your Library',
  '/profile': 'Settings',
  '/billing': 'Billing & Subscription',
  '/billing/success': 'Subscription activated',
  '/billing/cancel': 'Subscription cancelled',
};

/**
 * The document title for a route, so each screen is told apart in tabs, history and screen readers.
 * @example pageTitle('/billing') // 'Billing & Subscription · BookTranslate'
 */
export function pageTitle(pathname: string, product = 'BookTranslate'): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const title =
    TITLES[path] ??
    (/^\/books\/[^/]+\/translations\/[^/]+\/read$/.test(path) ? 'Read and review' : undefined);
  return title ? `${title} · ${product}` : `${product}: read any book in your language`;
}
