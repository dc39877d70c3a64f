import type * as C from '@booktranslate/contract';
import type { RouteInput, RouteOutput, routes } from '@booktranslate/contract';
import { type Credits, normalizePlan } from '../lib/credits';

// The screens' view models: camelCase where a screen reads a value, each derived from the
// contract's own type by one function below. The wire types themselves come from the contract.

export type PublicConfig = C.PublicConfig;

export interface User {
  id: string;
  email: string;
  name: string;
  profilePicture?: string | undefined;
  /** The spec's client shape (section 3): plan and its status, lower-case. */
  subscription: { plan: C.SubscriptionPlan; status: string };
  credits: Credits;
  preferredLanguages: string[];
  emailNotifications: boolean;
  /** False while the address waits for its e-mailed link (a user cached by an older version: absent). */
  emailConfirmed?: boolean | undefined;
  /** Free credits the link will add (0 once confirmed or already granted). */
  freeCreditsPending?: number | undefined;
  createdAt?: string | undefined;
  updatedAt?: string | undefined;
}

export function toUser(u: C.User): User {
  return {
    id: u.id,
    email: u.email,
    name: u.full_name || `${u.first_name} ${u.last_name}`.trim() || u.email,
    profilePicture: u.picture ?? undefined,
    subscription: { plan: normalizePlan(u.subscription_plan), status: u.subscription_status },
    credits: { ...u.credits_available },
    preferredLanguages: u.preferred_languages,
    emailNotifications: u.email_notifications,
    emailConfirmed: u.email_confirmed,
    freeCreditsPending: u.free_credits_pending,
    createdAt: u.created_at,
    updatedAt: u.updated_at,
  };
}

export interface Translation {
  id: string;
  bookId?: string | undefined;
  sourceLanguage?: string | undefined;
  targetLanguage: string;
  status: string;
  progress: number;
  createdAt?: string | undefined;
  completedAt?: string | undefined;
  estimatedCompletion?: string | undefined;
  currentChapter?: string | undefined;
  errorMessage?: string | undefined;
  /** The book itself could not be read or written: a retry cannot help. */
  bookRefused?: boolean | undefined;
  rating?: number | undefined;
  engineIsDemo?: boolean | undefined;
}

export function toTranslation(t: C.Translation): Translation {
  return {
    id: t.id,
    bookId: t.book_id,
    sourceLanguage: t.source_language ?? undefined,
    targetLanguage: t.target_language,
    status: t.status,
    progress: t.progress,
    createdAt: t.created_at,
    completedAt: t.completed_at ?? undefined,
    estimatedCompletion: t.estimated_completion ?? undefined,
    currentChapter: t.current_chapter ?? undefined,
    errorMessage: t.failure_reason ?? undefined,
    bookRefused: t.failure_kind === 'book',
    rating: t.rating ?? undefined,
    engineIsDemo: t.engine_is_demo,
  };
}

export interface Book {
  id: string;
  title: string;
  author: string;
  originalLanguage?: string | undefined;
  originalFormat?: string | undefined;
  coverUrl?: string | undefined;
  fileSize?: number | undefined;
  createdAt?: string | undefined;
  translations: Translation[];
}

export function toBook(b: C.Book): Book {
  return {
    id: b.id,
    title: b.title || 'Untitled',
    author: b.author,
    originalLanguage: b.original_language ?? undefined,
    originalFormat: b.original_format,
    coverUrl: b.cover_url ?? undefined,
    fileSize: b.file_size,
    createdAt: b.created_at,
    translations: b.translations.map(toTranslation),
  };
}

/** A plan of the catalogue: the contract's own (prices in dollars, PayPal plan ids). */
export type Plan = C.Plan;

export interface Subscription {
  id: string;
  plan: C.SubscriptionPlan;
  status: string;
  nextBillingDate?: string | undefined;
  amount: number;
  currency: 'USD';
  translationsUsed?: number | undefined;
  translationsLimit?: number | undefined;
}

/** The derived subscription view: status lower-cased, amount in dollars, currency USD. */
export function toSubscription(s: C.Subscription): Subscription {
  return {
    id: s.id,
    plan: s.plan.code,
    status: s.status.toLowerCase(),
    nextBillingDate: s.next_billing_date ?? s.end_date ?? undefined,
    amount: s.amount,
    currency: s.currency,
    translationsUsed: s.translations_used,
    translationsLimit: s.translations_limit,
  };
}

/** A payment, refund or failed payment: the contract's own (`amount` in dollars, `date` an ISO time). */
export type BillingTransaction = RouteOutput<typeof routes.billing.listTransactions>['transactions'][number];

export interface GlossaryEntry {
  source: string;
  target: string;
  kind?: string | undefined;
  note?: string | undefined;
  /** Occurrences in the whole book, when the analysis counted them. */
  count?: number | undefined;
}

/** The brief the analysis step writes (genre, register, narrator, summary, style notes, glossary). */
export interface TranslationBrief {
  genre: string;
  register: string;
  narrator: string;
  summary: string;
  styleNotes: string;
  glossary: GlossaryEntry[];
}

/** Null until analysis (or the user) wrote one. */
export function toBrief(answer: RouteOutput<typeof routes.translations.getBrief>): TranslationBrief | null {
  const b = answer.brief;
  if (!b) return null;
  return {
    genre: b.genre,
    register: b.register,
    narrator: b.narrator,
    summary: b.summary,
    styleNotes: b.style_notes,
    glossary: b.glossary.map((g) => ({
      source: g.source,
      target: g.target,
      kind: g.kind,
      note: g.note,
      count: g.count,
    })),
  };
}

const GLOSSARY_KINDS = ['character', 'place', 'term'] as const;
const glossaryKind = (kind: string | undefined) => GLOSSARY_KINDS.find((k) => k === kind);

/** The PUT body, as the contract's Brief. */
export function fromBrief(b: TranslationBrief): RouteInput<typeof routes.translations.updateBrief>['body'] {
  return {
    genre: b.genre,
    register: b.register,
    narrator: b.narrator,
    summary: b.summary,
    style_notes: b.styleNotes,
    glossary: b.glossary.map((g) => {
      const kind = glossaryKind(g.kind);
      return {
        source: g.source,
        target: g.target,
        ...(kind ? { kind } : {}),
        ...(g.note ? { note: g.note } : {}),
        ...(g.count !== undefined ? { count: g.count } : {}),
      };
    }),
  };
}

/** What a progress event changes on a card or in the dialog. */
export interface LiveProgress {
  status?: string;
  progress?: number;
  currentChapter?: string;
  estimatedCompletion?: string;
  failureReason?: string;
}

/** One `event: progress` of GET /translations/{id}/events/ (the contract's TranslationEvent). */
export function toLiveProgress(event: Partial<C.TranslationEvent>): LiveProgress {
  const next: LiveProgress = {};
  if (typeof event.status === 'string') next.status = event.status;
  if (typeof event.progress === 'number') next.progress = event.progress;
  if (typeof event.current_chapter === 'string') next.currentChapter = event.current_chapter;
  if (typeof event.estimated_completion === 'string') next.estimatedCompletion = event.estimated_completion;
  if (typeof event.failure_reason === 'string') next.failureReason = event.failure_reason;
  return next;
}

/** The QA report of a completed translation: the summary line and the findings behind it. */
export interface QualityReport {
  summary: string;
  blocksTotal: number;
  blocksTranslated: number;
  /** One readable line per finding, grouped by kind. */
  findings: Array<{ kind: string; items: string[] }>;
}

/** What a translation of a chosen file would cover and take, before any credit is spent. */
export interface TranslationQuote {
  title: string;
  author: string;
  words: number;
  chapters: number;
  sourceLanguage: string | null;
  coverage: string;
  estimatedSeconds: number;
}
