import { z } from 'zod';

/**
 * The book brief: what the analysis pass learned about the book and what every chunk's prompt
 * carries. Plain data, so the user can read and edit it between analysis and translation.
 */
export const glossaryEntrySchema = z.object({
  source: z.string().min(1),
  target: z.string().min(1),
  kind: z.enum(['character', 'place', 'term']),
  gender: z.enum(['male', 'female', 'neuter', 'unknown']).optional(),
  note: z.string().optional(),
  /** Occurrences in the whole book, when the terms pass counted them. */
  count: z.number().int().min(0).optional(),
  /** The book's other forms of the source term (its case forms: "Атоса", "Атосом"), at most 20. */
  forms: z.array(z.string().trim().min(1).max(200)).max(20).optional(),
});

export const bookBriefSchema = z.object({
  genre: z.string().default(''),
  register: z.string().default(''),
  narrator: z.string().default(''),
  summary: z.string().default(''),
  glossary: z.array(glossaryEntrySchema).default([]),
});

export type GlossaryEntry = z.infer<typeof glossaryEntrySchema>;
export type BookBrief = z.infer<typeof bookBriefSchema>;

export const emptyBrief: BookBrief = { genre: '', register: '', narrator: '', summary: '', glossary: [] };

/**
 * Parses a model's (or a user's) brief leniently: unknown genders become 'unknown', entries
 * that are not usable are dropped instead of failing the whole brief.
 */
export function parseBrief(value: unknown): BookBrief {
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const entries = Array.isArray(raw.glossary) ? raw.glossary : [];
  const glossary: GlossaryEntry[] = [];
  for (const entry of entries) {
    const e = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const gender = ['male', 'female', 'neuter'].includes(String(e.gender))
      ? e.gender
      : e.gender
        ? 'unknown'
        : undefined;
    const kind = ['character', 'place', 'term'].includes(String(e.kind)) ? e.kind : 'term';
    const parsed = glossaryEntrySchema.safeParse({
      ...e,
      kind,
      gender,
      note: e.note ? String(e.note) : undefined,
      count: typeof e.count === 'number' && Number.isInteger(e.count) && e.count >= 0 ? e.count : undefined,
      forms: formsOf(e.forms),
    });
    if (parsed.success) glossary.push(parsed.data);
  }
  const text = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string) : '');
  return {
    genre: text('genre'),
    register: text('register'),
    narrator: text('narrator'),
    summary: text('summary'),
    glossary,
  };
}

/** A stored or replied list of forms, kept to what the schema takes: at most 20 short strings. */
function formsOf(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const forms = value
    .filter((f): f is string => typeof f === 'string' && f.trim().length > 0 && f.trim().length <= 200)
    .map((f) => f.trim())
    .slice(0, 20);
  return forms.length ? forms : undefined;
}

/**
 * Every way the book writes an entry: its source term and its forms.
 * @example termsOf({ source: 'Атос', forms: ['Атоса'], target: 'Athos', kind: 'character' }) // ['Атос', 'Атоса']
 */
export function termsOf(entry: Pick<GlossaryEntry, 'source' | 'forms'>): string[] {
  return [entry.source, ...(entry.forms ?? [])];
}

/** A short stable fingerprint of the glossary, part of the translation-memory key. */
export function glossaryVersion(brief: BookBrief | undefined): string {
  if (!brief || brief.glossary.length === 0) return 'none';
  const text = brief.glossary.map((e) => `${termsOf(e).join('\u0002')}\u0000${e.target}`).join('\u0001');
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return (hash >>> 0).toString(36);
}
