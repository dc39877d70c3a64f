import { type Credits, normalizePlan } from '../lib/credits';
import type {
  BillingTransaction,
  Book,
  Plan,
  PublicConfig,
  Subscription,
  Translation,
  TranslationBrief,
  User,
} from './types';

// The backend speaks snake_case; the spec says the client accepts both spellings.
type Raw = Record<string, unknown>;
const pick = (o: Raw, ...keys: string[]): unknown =>
  keys.map((k) => o[k]).find((v) => v !== undefined && v !== null && v !== '');
const str = (o: Raw, ...keys: string[]): string | undefined => {
  const v = pick(o, ...keys);
  return v === undefined ? undefined : String(v);
};
const num = (o: Raw, ...keys: string[]): number | undefined => {
  const v = pick(o, ...keys);
  return v === undefined || Number.isNaN(Number(v)) ? undefined : Number(v);
};

function toCredits(raw: unknown, fallbackTotal?: number): Credits {
  const o = (raw ?? {}) as Raw;
  const credits = {
    FREE: num(o, 'FREE', 'free') ?? 0,
    READER: num(o, 'READER', 'reader') ?? 0,
    BOOKWORM: num(o, 'BOOKWORM', 'bookworm') ?? 0,
  };
  if (!raw && fallbackTotal) credits.FREE = fallbackTotal;
  return credits;
}

export function toUser(raw: Raw): User {
  const profile = (raw.profile ?? {}) as Raw;
  const sub = (raw.subscription ?? {}) as Raw;
  const first = str(raw, 'first_name', 'firstName') ?? '';
  const last = str(raw, 'last_name', 'lastName') ?? '';
  const email = str(raw, 'email') ?? '';
  const name = str(raw, 'name', 'full_name', 'fullName') ?? (`${first} ${last}`.trim() || email);
  return {
    id: str(raw, 'id') ?? '',
    email,
    name,
    profilePicture: str(raw, 'picture', 'profile_picture', 'profilePicture'),
    subscription: {
      plan: normalizePlan(str(raw, 'subscription_plan', 'plan') ?? str(sub, 'plan')),
      status: (str(raw, 'subscription_status') ?? str(sub, 'status') ?? 'active').toLowerCase(),
    },
    credits: toCredits(pick(raw, 'credits_available', 'creditsAvailable'), num(raw, 'available_credits')),
    preferredLanguages: (pick(profile, 'preferred_languages') ??
      pick(raw, 'preferred_languages', 'preferredLanguages') ??
      []) as string[],
    emailNotifications: Boolean(
      pick(profile, 'email_notifications') ?? pick(raw, 'email_notifications', 'emailNotifications') ?? true,
    ),
    createdAt: str(raw, 'created_at', 'createdAt'),
    updatedAt: str(raw, 'updated_at', 'updatedAt'),
  };
}

export function toTranslation(raw: Raw): Translation {
  return {
    id: str(raw, 'id') ?? '',
    bookId: str(raw, 'book_id', 'bookId'),
    sourceLanguage: str(raw, 'source_language', 'sourceLanguage'),
    targetLanguage: str(raw, 'target_language', 'targetLanguage') ?? '',
    status: (str(raw, 'status') ?? 'pending').toLowerCase(),
    progress: num(raw, 'progress', 'progress_percentage', 'progressPercentage') ?? 0,
    createdAt: str(raw, 'created_at', 'createdAt'),
    completedAt: str(raw, 'completed_at', 'completedAt'),
    estimatedCompletion: str(raw, 'estimated_completion', 'estimatedCompletion'),
    currentChapter: str(raw, 'current_chapter', 'currentChapter'),
    errorMessage: str(raw, 'error_message', 'failure_reason', 'errorMessage', 'error'),
    rating: num(raw, 'rating'),
    engineIsDemo: raw.engine_is_demo === true,
  };
}

export function toBook(raw: Raw): Book {
  const translations = (pick(raw, 'translations') ?? []) as Raw[];
  return {
    id: str(raw, 'id') ?? '',
    title: str(raw, 'title') ?? 'Untitled',
    author: str(raw, 'author') ?? '',
    originalLanguage: str(raw, 'original_language', 'originalLanguage', 'source_language'),
    originalFormat: str(raw, 'original_format', 'originalFormat'),
    coverUrl: str(raw, 'cover_url', 'coverUrl'),
    fileSize: num(raw, 'file_size', 'fileSize'),
    createdAt: str(raw, 'created_at', 'createdAt'),
    translations: translations.map(toTranslation),
  };
}

/** The list may sit under items, books or results. */
export function toList(raw: unknown): Raw[] {
  if (Array.isArray(raw)) return raw as Raw[];
  const o = (raw ?? {}) as Raw;
  return (pick(o, 'items', 'books', 'results', 'plans', 'transactions', 'subscriptions') ?? []) as Raw[];
}

export function toPlan(raw: Raw): Plan {
  const cents = num(raw, 'price_cents', 'monthly_price_cents');
  const yearlyCents = num(raw, 'yearly_price_cents');
  return {
    code: (str(raw, 'code', 'plan_type', 'name') ?? '').toLowerCase(),
    name: str(raw, 'name') ?? '',
    price: num(raw, 'price', 'monthly_price') ?? (cents !== undefined ? cents / 100 : 0),
    yearlyPrice:
      num(raw, 'yearly_price', 'yearlyPrice') ?? (yearlyCents !== undefined ? yearlyCents / 100 : 0),
    features: (pick(raw, 'features') ?? []) as string[],
    recommended: Boolean(pick(raw, 'recommended', 'is_recommended')),
    buttonText: str(raw, 'button_text', 'buttonText'),
    maxTranslations: num(raw, 'max_translations', 'maxTranslations', 'monthly_translations'),
    yearlyTranslations: num(raw, 'yearly_translations', 'yearlyTranslations'),
    trialTranslations: num(raw, 'trial_translations', 'trialTranslations'),
    paypalPlanIdMonthly: str(raw, 'paypal_plan_id_monthly', 'paypal_monthly_plan_id'),
    paypalPlanIdYearly: str(raw, 'paypal_plan_id_yearly', 'paypal_yearly_plan_id'),
  };
}

/** The derived subscription view: status lower-cased, amount in dollars, currency USD. */
export function toSubscription(raw: Raw): Subscription {
  const plan = (raw.plan ?? {}) as Raw;
  const cents = num(raw, 'amount_paid_cents') ?? num(plan, 'price_cents');
  return {
    id: str(raw, 'id', 'subscription_id') ?? '',
    plan: normalizePlan(
      typeof raw.plan === 'string' ? raw.plan : (str(plan, 'plan_type', 'code', 'name') ?? 'free'),
    ),
    status: (str(raw, 'status') ?? 'active').toLowerCase(),
    nextBillingDate: str(raw, 'next_billing_date', 'end_date', 'nextBillingDate'),
    amount: num(raw, 'amount') ?? (cents !== undefined ? cents / 100 : 0),
    currency: 'USD',
    translationsUsed: num(raw, 'translations_used'),
    translationsLimit: num(raw, 'translations_limit'),
  };
}

export function toTransaction(raw: Raw): BillingTransaction {
  return {
    id: str(raw, 'id') ?? '',
    date: str(raw, 'created_at', 'processed_at', 'date') ?? '',
    description: str(raw, 'description') ?? '',
    amount: num(raw, 'amount_dollars', 'amount') ?? (num(raw, 'amount_cents') ?? 0) / 100,
    status: str(raw, 'status') ?? 'PENDING',
  };
}

/** GET /translations/{id}/brief/ answers `{ brief: {...} | null, ... }`; null until analysis wrote one. */
export function toBrief(body: Raw): TranslationBrief | null {
  const raw = ('brief' in body ? body.brief : body) as Raw | null;
  if (!raw) return null;
  const glossary = (pick(raw, 'glossary') ?? []) as Raw[];
  return {
    genre: str(raw, 'genre') ?? '',
    register: str(raw, 'register') ?? '',
    narrator: str(raw, 'narrator') ?? '',
    summary: str(raw, 'summary') ?? '',
    styleNotes: str(raw, 'style_notes', 'styleNotes') ?? '',
    glossary: glossary.map((g) => ({
      source: str(g, 'source') ?? '',
      target: str(g, 'target') ?? '',
      kind: str(g, 'kind'),
      note: str(g, 'note'),
      count: num(g, 'count'),
    })),
  };
}

/** The PUT body, snake_case. */
export function fromBrief(b: TranslationBrief): Raw {
  return {
    genre: b.genre,
    register: b.register,
    narrator: b.narrator,
    summary: b.summary,
    style_notes: b.styleNotes,
    glossary: b.glossary.map((g) => ({
      source: g.source,
      target: g.target,
      ...(g.kind ? { kind: g.kind } : {}),
      ...(g.note ? { note: g.note } : {}),
      ...(g.count !== undefined ? { count: g.count } : {}),
    })),
  };
}

export function toConfig(raw: Raw): PublicConfig {
  return {
    googleClientId: str(raw, 'google_client_id'),
    paypalClientId: str(raw, 'paypal_client_id'),
    demoEngine: Boolean(pick(raw, 'demo_engine', 'demo_engine_enabled', 'demoEngine')),
    productName: str(raw, 'product_name', 'productName') ?? 'BookTranslate',
    directUploads: pick(raw, 'direct_uploads') === true,
  };
}
