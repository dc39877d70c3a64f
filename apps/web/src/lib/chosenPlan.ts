const PAID = new Set(['reader', 'bookworm']);
const INTERVALS = new Set(['month', 'year']);

/** The sign-up link for a plan chosen on the landing page: Try Free has no plan to carry. */
export function signUpPath(plan?: { code: string; price: number }, interval?: string): string {
  const query = new URLSearchParams({ mode: 'signup' });
  if (plan && plan.price > 0 && PAID.has(plan.code.toLowerCase())) {
    query.set('plan', plan.code.toLowerCase());
    if (interval && INTERVALS.has(interval)) query.set('interval', interval);
  }
  return `/login?${query}`;
}

/** Where a sign-in goes: the billing page with the visitor's chosen plan, else the library. */
export function afterSignIn(params: URLSearchParams): string {
  const plan = params.get('plan')?.toLowerCase();
  if (!plan || !PAID.has(plan)) return '/dashboard';
  const query = new URLSearchParams({ plan });
  const interval = params.get('interval');
  if (interval && INTERVALS.has(interval)) query.set('interval', interval);
  return `/billing?${query}#pricing-tiers`;
}
