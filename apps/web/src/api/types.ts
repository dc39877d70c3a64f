import type { Credits } from '../lib/credits';

export interface User {
  id: string;
  email: string;
  name: string;
  profilePicture?: string | undefined;
  /** The spec's client shape (section 3): plan and its status, lower-case. */
  subscription: { plan: 'free' | 'reader' | 'bookworm'; status: string };
  credits: Credits;
  preferredLanguages: string[];
  emailNotifications: boolean;
  createdAt?: string | undefined;
  updatedAt?: string | undefined;
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
  rating?: number | undefined;
  engineIsDemo?: boolean | undefined;
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

export interface Plan {
  code: string;
  name: string;
  price: number;
  yearlyPrice: number;
  features: string[];
  recommended: boolean;
  buttonText?: string | undefined;
  maxTranslations?: number | undefined;
  yearlyTranslations?: number | undefined;
  /** Free plan: the one-off trial translations a new account gets. */
  trialTranslations?: number | undefined;
  paypalPlanIdMonthly?: string | undefined;
  paypalPlanIdYearly?: string | undefined;
}

export interface Subscription {
  id: string;
  plan: string;
  status: string;
  nextBillingDate?: string | undefined;
  amount: number;
  currency: 'USD';
  translationsUsed?: number | undefined;
  translationsLimit?: number | undefined;
}

export interface BillingTransaction {
  id: string;
  date: string;
  description: string;
  amount: number;
  status: string;
}

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

export interface PublicConfig {
  googleClientId?: string | undefined;
  paypalClientId?: string | undefined;
  demoEngine: boolean;
  productName: string;
  /** Books go straight to the bucket (S3 storage) rather than through the API. */
  directUploads: boolean;
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
