import type * as C from '@booktranslate/contract';
import type { RouteInput, RouteOutput, routes } from '@booktranslate/contract';
import { type Credits, normalizePlan } from '../lib/credits';

// The screens' view models: camelCase where a screen reads a value, each derived from the
// contract's own type by one function below, every field typed by the contract field it comes from
// (a renamed or narrowed contract field fails the typecheck here). The wire types themselves come
// from the contract; what is left to move to them is listed in decision 223.

export type PublicConfig = C.PublicConfig;

export interface User {
  id: C.User['id'];
  email: C.User['email'];
  name: string;
  profilePicture?: NonNullable<C.User['picture']> | undefined;
  /** The spec's client shape (section 3): plan and its status, lower-case. */
  subscription: { plan: C.SubscriptionPlan; status: C.User['subscription_status'] };
  credits: Credits;
  preferredLanguages: C.User['preferred_languages'];
  emailNotifications: C.User['email_notifications'];
  /** False while the address waits for its e-mailed link (a user cached by an older version: absent). */
  emailConfirmed?: C.User['email_confirmed'] | undefined;
  /** Free credits the link will add (0 once confirmed or already granted). */
  freeCreditsPending?: C.User['free_credits_pending'] | undefined;
  createdAt?: C.User['created_at'] | undefined;
  updatedAt?: C.User['updated_at'] | undefined;
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
  id: C.Translation['id'];
  bookId?: C.Translation['book_id'] | undefined;
  sourceLanguage?: NonNullable<C.Translation['source_language']> | undefined;
  targetLanguage: C.Translation['target_language'];
  status: C.Translation['status'];
  progress: C.Translation['progress'];
  createdAt?: C.Translation['created_at'] | undefined;
  completedAt?: NonNullable<C.Translation['completed_at']> | undefined;
  estimatedCompletion?: NonNullable<C.Translation['estimated_completion']> | undefined;
  currentChapter?: NonNullable<C.Translation['current_chapter']> | undefined;
  /** The contract's `failure_reason`. */
  errorMessage?: NonNullable<C.Translation['failure_reason']> | undefined;
  /** The book itself could not be read or written (`failure_kind` 'book'): a retry cannot help. */
  bookRefused?: boolean | undefined;
  rating?: NonNullable<C.Translation['rating']> | undefined;
  engineIsDemo?: C.Translation['engine_is_demo'] | undefined;
  /** Set while it covers only a Free credit's first words of a longer book (decision 226). */
  preview?: C.Translation['preview'] | undefined;
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
    preview: t.preview,
  };
}

export interface Book {
  id: C.Book['id'];
  title: C.Book['title'];
  author: C.Book['author'];
  originalLanguage?: NonNullable<C.Book['original_language']> | undefined;
  originalFormat?: C.Book['original_format'] | undefined;
  coverUrl?: NonNullable<C.Book['cover_url']> | undefined;
  fileSize?: C.Book['file_size'] | undefined;
  createdAt?: C.Book['created_at'] | undefined;
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
  id: C.Subscription['id'];
  plan: C.SubscriptionPlan;
  /** Lower-cased (the contract's is a free string). */
  status: C.Subscription['status'];
  nextBillingDate?: NonNullable<C.Subscription['next_billing_date']> | undefined;
  amount: C.Subscription['amount'];
  currency: C.Subscription['currency'];
  translationsUsed?: C.Subscription['translations_used'] | undefined;
  translationsLimit?: C.Subscription['translations_limit'] | undefined;
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
  source: C.Brief['glossary'][number]['source'];
  target: C.Brief['glossary'][number]['target'];
  /** Free text while edited; sent only when it is one of the contract's kinds (`fromBrief`). */
  kind?: string | undefined;
  note?: C.Brief['glossary'][number]['note'] | undefined;
  /** Occurrences in the whole book, when the analysis counted them. */
  count?: C.Brief['glossary'][number]['count'] | undefined;
  /** The book's other forms of the term (its case forms), kept as they are on save. */
  forms?: C.Brief['glossary'][number]['forms'] | undefined;
}

/** The brief the analysis step writes (genre, register, narrator, summary, style notes, glossary). */
export interface TranslationBrief {
  genre: C.Brief['genre'];
  register: C.Brief['register'];
  narrator: C.Brief['narrator'];
  summary: C.Brief['summary'];
  styleNotes: C.Brief['style_notes'];
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
      forms: g.forms,
    })),
  };
}

/** The brief screen's answer: the brief, and whether the translation's engine uses its glossary. */
export interface BriefState {
  brief: TranslationBrief | null;
  /** False for engines that translate without the glossary; null until an engine is chosen. */
  engineFollowsGlossary: RouteOutput<typeof routes.translations.getBrief>['engine_follows_glossary'];
  /** After a save of a finished translation: the terms whose passages are translated again. */
  changedTerms: RouteOutput<typeof routes.translations.getBrief>['changed_terms'];
}

export function toBriefState(answer: RouteOutput<typeof routes.translations.getBrief>): BriefState {
  return {
    brief: toBrief(answer),
    engineFollowsGlossary: answer.engine_follows_glossary,
    changedTerms: answer.changed_terms,
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
        ...(g.forms?.length ? { forms: g.forms } : {}),
      };
    }),
  };
}

/** What a progress event changes on a card or in the dialog. */
export interface LiveProgress {
  status?: C.TranslationEvent['status'];
  progress?: C.TranslationEvent['progress'];
  currentChapter?: NonNullable<C.TranslationEvent['current_chapter']>;
  estimatedCompletion?: NonNullable<C.TranslationEvent['estimated_completion']>;
  failureReason?: NonNullable<C.TranslationEvent['failure_reason']>;
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
  summary: C.TranslationReport['summary'];
  blocksTotal: C.TranslationReport['blocks_total'];
  blocksTranslated: C.TranslationReport['blocks_translated'];
  /** One readable line per finding, grouped by kind, in book order. */
  findings: Array<{ kind: string; items: QualityFinding[] }>;
  /** Checks that could not judge this translation. */
  unchecked: C.TranslationReport['unchecked'];
}

/** One finding: where (a chapter's title, or a name), the passage it links to, and what was found. */
export interface QualityFinding {
  place: string;
  blockId?: string;
  text: string;
}
