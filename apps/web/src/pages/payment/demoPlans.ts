/** Paid plans of the demo checkout (spec section 9); this page processes no real payment. */
export const DEMO_PLANS = [
  { name: 'Reader', price: 19 },
  { name: 'BookWorm', price: 49 },
] as const;

export type DemoPlan = (typeof DEMO_PLANS)[number];

/** Matches ?plan= case-insensitively; Reader by default. */
export function findDemoPlan(name: string | null): DemoPlan {
  return DEMO_PLANS.find((p) => p.name.toLowerCase() === (name ?? '').toLowerCase()) ?? DEMO_PLANS[0];
}
