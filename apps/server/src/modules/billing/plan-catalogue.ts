import type { BillingPeriod, CreditTier, Plan, SubscriptionPlan } from '@booktranslate/contract';
import type { Config } from '../../config/env';

interface CatalogueEntry {
  code: SubscriptionPlan;
  name: string;
  priceCents: number;
  yearlyPriceCents: number;
  booksPerMonth: number;
  booksPerYear: number;
  trialTranslations: number;
  features: string[];
  recommended: boolean;
  buttonText: string;
  /** Credits a paid plan's payments grant go to this tier. */
  tier: CreditTier;
}

/** Spec section 9: the plans, their prices and books. Max file size is 100 (MB) on every plan. */
export const MAX_FILE_SIZE_MB = 100;

export const PLAN_CATALOGUE: readonly CatalogueEntry[] = [
  {
    code: 'free',
    name: 'Free',
    priceCents: 0,
    yearlyPriceCents: 0,
    booksPerMonth: 0,
    booksPerYear: 0,
    trialTranslations: 2,
    features: ['2 trial translations of 5,000 words each', 'EPUB, FB2 and TXT', 'Files up to 100MB'],
    recommended: false,
    buttonText: 'Try Free',
    tier: 'FREE',
  },
  {
    code: 'reader',
    name: 'Reader',
    priceCents: 1900,
    yearlyPriceCents: 17900,
    booksPerMonth: 2,
    booksPerYear: 24,
    trialTranslations: 0,
    features: [
      'Up to 2 books per month (24 per year)',
      'Whole books in EPUB, FB2 and TXT',
      'Files up to 100MB',
      'Unused translations roll over on yearly plans',
      'Money-back guarantee',
    ],
    recommended: true,
    buttonText: 'Choose Reader',
    tier: 'READER',
  },
  {
    code: 'bookworm',
    name: 'BookWorm',
    priceCents: 4900,
    yearlyPriceCents: 39900,
    booksPerMonth: 7,
    booksPerYear: 84,
    trialTranslations: 0,
    features: [
      'Up to 7 books per month (84 per year)',
      'Whole books in EPUB, FB2 and TXT',
      'Files up to 100MB',
      'Unused translations roll over on yearly plans',
      'Money-back guarantee',
    ],
    recommended: false,
    buttonText: 'Choose BookWorm',
    tier: 'BOOKWORM',
  },
];

export function planEntry(code: SubscriptionPlan): CatalogueEntry {
  return PLAN_CATALOGUE.find((entry) => entry.code === code) ?? (PLAN_CATALOGUE[0] as CatalogueEntry);
}

/** Current and older plan names (bibliophile, bookworm, discover) to free | reader | bookworm; null when unknown. */
export function normalizePlanName(name: string): SubscriptionPlan | null {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  if (key === 'bookworm' || key === 'bibliophile') return 'bookworm';
  if (key === 'reader' || key === 'discover') return 'reader';
  if (key === 'free' || key === 'tryfree') return 'free';
  return null;
}

/** Credits one paid cycle grants: a month's or a year's books. */
export function creditsPerCycle(code: SubscriptionPlan, period: BillingPeriod): number {
  const entry = planEntry(code);
  return period === 'year' ? entry.booksPerYear : entry.booksPerMonth;
}

export function cyclePriceCents(code: SubscriptionPlan, period: BillingPeriod): number {
  const entry = planEntry(code);
  return period === 'year' ? entry.yearlyPriceCents : entry.priceCents;
}

type PaypalPlans = Config['paypal']['plans'];

export function paypalPlanId(
  plans: PaypalPlans,
  code: SubscriptionPlan,
  period: BillingPeriod,
): string | null {
  if (code === 'free') return null;
  return plans[code][period] ?? null;
}

/** Which plan and period a PayPal plan id stands for, from configuration; null when it is not ours. */
export function planForPaypalId(
  plans: PaypalPlans,
  planId: string,
): { code: 'reader' | 'bookworm'; period: BillingPeriod } | null {
  for (const code of ['reader', 'bookworm'] as const) {
    for (const period of ['month', 'year'] as const) {
      if (plans[code][period] === planId) return { code, period };
    }
  }
  return null;
}

/** The wire shape of one plan for a billing period. */
export function toPlanDto(plans: PaypalPlans, entry: CatalogueEntry, period: BillingPeriod): Plan {
  const dollars = (cents: number) => cents / 100;
  const yearlyEquivalent = entry.priceCents * 12;
  const monthly = paypalPlanId(plans, entry.code, 'month');
  const yearly = paypalPlanId(plans, entry.code, 'year');
  return {
    code: entry.code,
    plan_type: entry.code,
    name: entry.name,
    price: dollars(entry.priceCents),
    price_cents: entry.priceCents,
    yearly_price: dollars(entry.yearlyPriceCents),
    yearly_price_cents: entry.yearlyPriceCents,
    yearly_equivalent: dollars(yearlyEquivalent),
    yearly_savings: dollars(entry.code === 'free' ? 0 : yearlyEquivalent - entry.yearlyPriceCents),
    interval: entry.code === 'free' ? 'lifetime' : period,
    period_price: dollars(period === 'year' ? entry.yearlyPriceCents : entry.priceCents),
    books_per_month: entry.booksPerMonth,
    books_per_year: entry.booksPerYear,
    max_translations: entry.booksPerMonth,
    yearly_translations: entry.booksPerYear,
    trial_translations: entry.trialTranslations,
    features: entry.features,
    recommended: entry.recommended,
    badge: entry.recommended ? 'Most Popular' : null,
    button_text: entry.buttonText,
    max_file_size: MAX_FILE_SIZE_MB,
    paypal_plan_id_monthly: monthly,
    paypal_plan_id_yearly: yearly,
    paypal_plan_id: period === 'year' ? yearly : monthly,
  };
}

export function planList(plans: PaypalPlans, period: BillingPeriod): Plan[] {
  return PLAN_CATALOGUE.map((entry) => toPlanDto(plans, entry, period));
}
