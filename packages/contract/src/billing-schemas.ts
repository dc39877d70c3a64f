import { z } from 'zod';
import { CreditBalances, CreditTier, SubscriptionPlan, Timestamp, Uuid } from './common';

export const BillingPeriod = z.enum(['month', 'year']);
export type BillingPeriod = z.infer<typeof BillingPeriod>;

/** A plan of the catalogue (spec sections 3 and 9), snake_case, prices in dollars and cents. */
export const Plan = z
  .object({
    code: SubscriptionPlan,
    plan_type: SubscriptionPlan,
    name: z.string(),
    /** Monthly price in dollars (0 for Free). */
    price: z.number(),
    price_cents: z.number().int(),
    yearly_price: z.number(),
    yearly_price_cents: z.number().int(),
    /** Twelve monthly payments (228 for Reader). */
    yearly_equivalent: z.number(),
    /** What the yearly price saves against twelve months (49 for Reader). */
    yearly_savings: z.number(),
    /** 'lifetime' for Free, else the period asked for (default month). */
    interval: z.enum(['month', 'year', 'lifetime']),
    /** Price of the period asked for, in dollars. */
    period_price: z.number(),
    books_per_month: z.number().int(),
    books_per_year: z.number().int(),
    /** Books per month (0 on Free, whose credits are trial translations). */
    max_translations: z.number().int(),
    yearly_translations: z.number().int(),
    trial_translations: z.number().int(),
    features: z.array(z.string()),
    recommended: z.boolean(),
    badge: z.string().nullable(),
    button_text: z.string(),
    /** In MB, on every plan. */
    max_file_size: z.number().int(),
    paypal_plan_id_monthly: z.string().nullable(),
    paypal_plan_id_yearly: z.string().nullable(),
    /** The PayPal plan id of the period asked for. */
    paypal_plan_id: z.string().nullable(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof Plan>;

export const PlansQuery = z.object({
  /** Accepts month/monthly/year/yearly/annual. */
  billing_period: z
    .string()
    .trim()
    .toLowerCase()
    .transform((value): BillingPeriod => (value.startsWith('year') || value === 'annual' ? 'year' : 'month'))
    .optional(),
});

export const PlanList = z.object({ plans: z.array(Plan), billing_period: BillingPeriod });
export const PlansByPeriod = z.object({ month: z.array(Plan), year: z.array(Plan) });

/** The derived subscription view (spec section 3) with the billing API's own fields. */
export const Subscription = z
  .object({
    id: Uuid,
    subscription_id: z.string(),
    provider: z.literal('paypal'),
    /** PayPal status as PayPal writes it (ACTIVE, CANCELLED, ...). */
    provider_status: z.string(),
    /** Lower-cased status of the derived view. */
    status: z.string(),
    plan: z.object({
      code: SubscriptionPlan,
      plan_type: SubscriptionPlan,
      name: z.string(),
      price_cents: z.number().int(),
    }),
    billing_period: BillingPeriod,
    amount: z.number(),
    amount_paid_cents: z.number().int(),
    currency: z.literal('USD'),
    next_billing_date: Timestamp.nullable(),
    end_date: Timestamp.nullable(),
    cancel_at_period_end: z.boolean(),
    cancelled_at: Timestamp.nullable(),
    translations_used: z.number().int(),
    translations_limit: z.number().int(),
    created_at: Timestamp,
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof Subscription>;

export const SubscriptionList = z.object({ subscriptions: z.array(Subscription) });

/** A POST without a body arrives as null: treat it as `{}`. */
const optionalBody = <S extends z.ZodType>(schema: S) => z.preprocess((value) => value ?? {}, schema);

/** The cancel dialog's payload; every field optional (spec section 3). */
export const CancelSubscriptionBody = optionalBody(
  z.object({
    cancel_immediately: z.boolean().default(false),
    confirm_refund_terms: z.boolean().optional(),
    cancellation_reason: z.string().trim().max(1000).optional(),
  }),
);

export const ChangePlanBody = z.object({
  plan: z.string().trim().min(1).max(40),
  billing_period: BillingPeriod.default('month'),
});

export const ChangePlanResult = z.object({
  /** 'subscribe': approve the PayPal plan with the buttons; 'cancel_at_period_end': going to Free. */
  action: z.enum(['subscribe', 'cancel_at_period_end']),
  plan: SubscriptionPlan,
  billing_period: BillingPeriod,
  paypal_plan_id: z.string().nullable(),
  message: z.string(),
});

export const StartedSubscription = z.object({
  /** PayPal's subscription id: what the PayPal buttons' createSubscription returns. */
  subscription_id: z.string(),
  /** PayPal's status: APPROVAL_PENDING until the buyer approves. */
  status: z.string(),
  /** PayPal's page where the buyer approves it (without the buttons); null when PayPal gave none. */
  approve_url: z.string().nullable(),
  plan: SubscriptionPlan,
  billing_period: BillingPeriod,
});

export const ActivationResult = z.object({
  success: z.literal(true),
  subscription: Subscription,
  credits_granted: z.number().int(),
  credits_available: CreditBalances,
});

export const RefundCalculation = z.object({
  subscription_id: z.string(),
  eligible: z.boolean(),
  reason: z.string(),
  refund_window_days: z.number().int(),
  days_since_payment: z.number().int().nullable(),
  last_payment_cents: z.number().int(),
  credits_granted: z.number().int(),
  credits_used: z.number().int(),
  refund_amount_cents: z.number().int(),
  refund_amount: z.number(),
  currency: z.literal('USD'),
});

export const RefundBody = optionalBody(
  z.object({ reason: z.string().trim().max(1000).optional(), confirm_refund_terms: z.boolean().optional() }),
);

export const RefundResult = z.object({
  success: z.literal(true),
  refund: RefundCalculation,
  transaction_id: Uuid,
  message: z.string(),
});

export const transactionTypes = ['payment', 'refund', 'failed_payment'] as const;
export const transactionStatuses = ['SUCCESS', 'FAILED', 'PENDING', 'REFUNDED'] as const;

export const Transaction = z
  .object({
    id: Uuid,
    type: z.enum(transactionTypes),
    status: z.enum(transactionStatuses),
    description: z.string(),
    amount_cents: z.number().int(),
    amount_dollars: z.number(),
    amount: z.number(),
    currency: z.string(),
    subscription_id: z.string().nullable(),
    created_at: Timestamp,
    processed_at: Timestamp,
    date: Timestamp,
  })
  .meta({ id: 'BillingTransaction' });

export const TransactionsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  type: z.enum(transactionTypes).optional(),
  status: z.enum(transactionStatuses).optional(),
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
});

export const TransactionList = z.object({
  transactions: z.array(Transaction),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const TransactionsByType = z.object({
  by_type: z.record(z.string(), z.object({ count: z.number().int(), amount_cents: z.number().int() })),
});

export const CreditEntry = z.object({
  id: Uuid,
  tier: CreditTier,
  amount: z.number().int(),
  reason: z.string(),
  created_at: Timestamp,
});

export const CreditsOverview = z.object({
  credits_available: CreditBalances,
  available_credits: z.number().int(),
  active_tier: CreditTier.nullable(),
  history: z.array(CreditEntry),
});

export const AvailableCredits = CreditBalances.extend({
  total: z.number().int(),
  active_tier: CreditTier.nullable(),
});

export const UseCreditsBody = z.object({
  /** Idempotency key: the translation the credit pays for; a repeat spends nothing. */
  translation_id: z.string().trim().min(1).max(100),
  credits: z.number().int().min(1).max(10).default(1),
});

export const UseCreditsResult = z.object({
  success: z.literal(true),
  tiers_used: z.array(CreditTier),
  credits_available: CreditBalances,
  available_credits: z.number().int(),
});

export const Usage = z.object({
  translationsUsed: z.number().int(),
  translationsLimit: z.number().int(),
  storageUsed: z.number().int(),
  storageLimit: z.number().int(),
  resetDate: Timestamp.nullable(),
});

export const BillingSummary = z.object({
  plan: SubscriptionPlan,
  status: z.string(),
  billing_period: BillingPeriod.nullable(),
  next_billing_date: Timestamp.nullable(),
  credits_available: CreditBalances,
  available_credits: z.number().int(),
  total_spent_cents: z.number().int(),
  total_spent: z.number(),
  transactions_count: z.number().int(),
  active_subscription: Subscription.nullable(),
});

export const BillingAnalytics = z.object({
  total_paid_cents: z.number().int(),
  total_refunded_cents: z.number().int(),
  payments_count: z.number().int(),
  failed_payments_count: z.number().int(),
  by_month: z.array(z.object({ month: z.string(), amount_cents: z.number().int(), count: z.number().int() })),
});

export const CreditAnalytics = z.object({
  granted: z.number().int(),
  used: z.number().int(),
  refunded: z.number().int(),
  expired: z.number().int(),
  by_tier: z.record(z.string(), z.object({ granted: z.number().int(), used: z.number().int() })),
  by_month: z.array(z.object({ month: z.string(), granted: z.number().int(), used: z.number().int() })),
});

export const NotImplementedBody = z.object({}).passthrough().optional();
