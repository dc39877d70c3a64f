import type {
  Book,
  Brief,
  RouteOutput,
  routes,
  Subscription,
  Translation,
  User,
} from '@booktranslate/contract';

// The screens read the contract's own types (imported with `import type`, so zod stays out of the
// bundle). What a screen shows that the wire does not carry as is, is derived here by one small
// function from the contract's type, so a renamed field fails the typecheck.

/** A payment, refund or failed payment: the contract's own (`amount` in dollars, `date` an ISO time). */
export type BillingTransaction = RouteOutput<typeof routes.billing.listTransactions>['transactions'][number];

/** GET and PUT /translations/{id}/brief/: the brief, the changed terms, whether the engine follows the glossary. */
export type BriefAnswer = RouteOutput<typeof routes.translations.getBrief>;

/** The brief before the analysis (or the user) wrote one: what the brief editor starts from. */
export const emptyBrief: Brief = {
  genre: '',
  register: '',
  narrator: '',
  summary: '',
  style_notes: '',
  glossary: [],
};

/** The name a screen shows: the full name, else first and last name, else the email. */
export function userName(u: User): string {
  return u.full_name || `${u.first_name} ${u.last_name}`.trim() || u.email;
}

/** The book as the screens name it: a book without a title in its metadata is "Untitled". */
export function titledBook(b: Book): Book {
  return b.title ? b : { ...b, title: 'Untitled' };
}

/** The book itself could not be read or written: a retry cannot help. */
export function bookRefused(t: Translation): boolean {
  return t.failure_kind === 'book';
}

/** When a subscription next bills, or, once cancelled, when it ends. */
export function nextBillingDate(s: Subscription): string | null {
  return s.next_billing_date ?? s.end_date;
}
