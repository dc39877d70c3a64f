import { z } from 'zod';
import { Uuid } from './common';
import { inlineKinds } from './inline-kinds';
import { passageFilters } from './passage-filters';
import { defineRoute } from './route';

/**
 * The reader and editor (issue 13): a completed translation read passage by passage next to its
 * original, with manual edits and the re-translation of one passage.
 *
 * Text travels as safe structured text, never as HTML: a passage is a list of spans. A text span
 * carries the inline marks around it (emphasis, a link, a note reference), outermost first; a tag
 * span stands for an inline element without text (a line break, an image, an empty note mark).
 * The editor works on the block's placeholder text (`<g1>…</g1>`, `<x2/>`), which `target_text`
 * carries and `PUT …/passages/{block_id}/` takes back.
 */

export const passageKinds = [
  'paragraph',
  'heading',
  'list-item',
  'table-cell',
  'blockquote',
  'poem-line',
  'note',
  'caption',
  'epigraph',
  'preformatted',
] as const;
export const PassageKind = z.enum(passageKinds);
export type PassageKind = z.infer<typeof PassageKind>;

export const InlineKind = z.enum(inlineKinds);
export type InlineKind = z.infer<typeof InlineKind>;

/** One inline mark: the placeholder number `n` of the block, its kind, and a link's outside address. */
export const PassageMark = z.object({
  n: z.number().int().min(0),
  kind: InlineKind,
  /** Only http(s) and mailto addresses; links inside the book and everything else are null. */
  href: z.string().nullable(),
});
export type PassageMark = z.infer<typeof PassageMark>;

export const PassageSpan = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string(), marks: z.array(PassageMark) }),
  z.object({
    type: z.literal('tag'),
    n: z.number().int().min(0),
    kind: InlineKind,
    /** What stands for the element in plain text (a formula's alt text, an image's alt), if any. */
    label: z.string().nullable(),
    /**
     * An image the reader can show: its id for GET …/passages/images/{image}/ (JPEG, PNG, GIF or
     * WebP from the book). Absent for other elements, and for images shown by their label.
     */
    image: z.string().max(20).optional(),
    marks: z.array(PassageMark),
  }),
]);
export type PassageSpan = z.infer<typeof PassageSpan>;

/** Why a passage is marked for review, from the QA report of the latest run. */
export const passageFlagReasons = [
  'untranslated',
  'source_language',
  'glossary',
  'length',
  'chatter',
  'reported',
  'repaired',
] as const;
export const PassageFlag = z.object({
  reason: z.enum(passageFlagReasons),
  /** One readable sentence: "“Shire” should be “Comarca”, found “Condado”". */
  message: z.string(),
});
export type PassageFlag = z.infer<typeof PassageFlag>;

export const Passage = z
  .object({
    block_id: z.string(),
    kind: PassageKind,
    source: z.array(PassageSpan),
    /** Null where the passage was not translated (past a Free credit's first words, or lost). */
    target: z.array(PassageSpan).nullable(),
    /** The target as placeholder text, for the editor; null with `target`. */
    target_text: z.string().nullable(),
    flags: z.array(PassageFlag),
    /** True when the target is the user's own edit rather than the engine's. */
    edited: z.boolean(),
    /**
     * True when the target is this passage translated again (…/retranslate/); undo (DELETE) goes back
     * to the text it replaced, like an edit's (decision 234).
     */
    retranslated: z.boolean(),
    /**
     * True when the passage lies past a Free preview's first words: left in the source language by
     * the credit, not by a failure (decision 226).
     */
    beyond_preview: z.boolean(),
    /**
     * True when the engine's text shown came from the user's translation memory (their earlier
     * translation or edit of the same passage), not from a request for this book.
     */
    from_memory: z.boolean().default(false),
  })
  .meta({ id: 'Passage' });
export type Passage = z.infer<typeof Passage>;

/**
 * One page of the reader: an entry of the book's own table of contents, nested as the book nests
 * it (a part at depth 0, its chapters at depth 1), FB2 and EPUB alike. A chapter longer than 400
 * passages is read in pages of the same chapter (`part` of `parts`); `title` is the chapter's name.
 */
export const PassageChapter = z.object({
  /** The page's index for `?chapter=N`. */
  index: z.number().int().min(0),
  title: z.string(),
  /** Nesting in the table of contents: 0 for a part, or a chapter of a book without parts. */
  depth: z.number().int().min(0),
  /** This page of the chapter, from 1, and how many pages the chapter has (1 for most). */
  part: z.number().int().min(1),
  parts: z.number().int().min(1),
  /** How many passages of the chapter are flagged. */
  flagged: z.number().int().min(0),
  passages: z.number().int().min(0),
});
export type PassageChapter = z.infer<typeof PassageChapter>;

export const PassagesQuery = z.object({
  /** The chapter's index in reading order, from 0. */
  chapter: z.coerce.number().int().min(0).max(100_000).default(0),
  /**
   * A block id: answers the chapter that holds this passage instead of `chapter` (404 when the book
   * has no such passage). The QA report's findings link to the reader with it.
   */
  passage: z.string().min(1).max(200).optional(),
});

/** Re-translations of single passages: how many this translation has used and may, and whether its
 * engine follows a wish such as "more formal" (language models do; DeepL and Apertium do not). */
export const PassageRetranslations = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  follows_instructions: z.boolean(),
});
export type PassageRetranslations = z.infer<typeof PassageRetranslations>;

export const PassagesResponse = z
  .object({
    translation_id: Uuid,
    source_language: z.string().nullable(),
    target_language: z.string(),
    /** Writing direction of each side, so right-to-left languages render right to left. */
    source_direction: z.enum(['ltr', 'rtl']),
    target_direction: z.enum(['ltr', 'rtl']),
    chapter: z.number().int().min(0),
    chapters: z.array(PassageChapter),
    passages: z.array(Passage),
    retranslations: PassageRetranslations,
  })
  .meta({ id: 'PassagesResponse' });
export type PassagesResponse = z.infer<typeof PassagesResponse>;

export const PassageParams = z.object({ id: Uuid, blockId: z.string().min(1).max(200) });

export const EditPassageRequest = z.object({
  /** Placeholder text: every placeholder of the block must be there, each once. */
  target: z.string().max(50_000),
});

export const RetranslatePassageRequest = z
  .object({
    /** An optional wish for this passage, for example "more formal". */
    instruction: z.string().trim().max(300).optional(),
  })
  .default({});

export const PassageResponse = z
  .object({
    passage: Passage,
    retranslations: PassageRetranslations,
    /**
     * Only on a re-translation: true when the engine answered the text the passage already had (or
     * the engine's own first text); nothing was saved and the allowance was not counted.
     */
    unchanged: z.boolean().optional(),
  })
  .meta({ id: 'PassageResponse' });
export type PassageResponse = z.infer<typeof PassageResponse>;

export const PassageFilter = z.enum(passageFilters);
export type PassageFilter = z.infer<typeof PassageFilter>;

export const PassageSearchQuery = z.object({
  /** Words to find in the original or the translation, any case; empty finds by `show` alone. */
  q: z.string().trim().max(200).optional(),
  /** Only passages not translated (`untranslated`), flagged, or edited or re-translated (`edited`). */
  show: PassageFilter.optional(),
});

/** One passage found, as plain text, with the reader page that holds it. */
export const PassageFound = z
  .object({
    block_id: z.string(),
    /** The reader page holding the passage (`?chapter=N`), and that page's chapter name. */
    chapter: z.number().int().min(0),
    chapter_title: z.string(),
    source_text: z.string(),
    /** Null where the passage was not translated. */
    target_text: z.string().nullable(),
    flagged: z.boolean(),
    edited: z.boolean(),
    retranslated: z.boolean(),
    beyond_preview: z.boolean(),
  })
  .meta({ id: 'PassageFound' });
export type PassageFound = z.infer<typeof PassageFound>;

export const PassageSearchResponse = z
  .object({
    q: z.string().nullable(),
    show: PassageFilter.nullable(),
    /** Passages matching in the whole book; `results` holds the first 100 in reading order. */
    total: z.number().int().min(0),
    results: z.array(PassageFound),
    /** Each filter's count in the whole book, for the filter buttons. */
    counts: z.object({
      untranslated: z.number().int().min(0),
      flagged: z.number().int().min(0),
      edited: z.number().int().min(0),
    }),
  })
  .meta({ id: 'PassageSearchResponse' });
export type PassageSearchResponse = z.infer<typeof PassageSearchResponse>;

const listPassages = defineRoute({
  method: 'GET',
  path: '/translations/:id/passages/',
  summary: 'One chapter of a completed translation, passage by passage, next to the original',
  auth: true,
  params: z.object({ id: Uuid }),
  query: PassagesQuery,
  response: PassagesResponse,
});
const searchPassages = defineRoute({
  method: 'GET',
  path: '/translations/:id/passages/search/',
  summary:
    'Find passages in the whole book: by words in the original or the translation, and by filter (not translated, flagged, edited)',
  auth: true,
  params: z.object({ id: Uuid }),
  query: PassageSearchQuery,
  response: PassageSearchResponse,
});
const passageImage = defineRoute({
  method: 'GET',
  path: '/translations/:id/passages/images/:imageId/',
  summary: "An image of the book, for the reader: the bytes with the type read from them (the owner's only)",
  auth: true,
  params: z.object({ id: Uuid, imageId: z.string().regex(/^i\d{1,6}$/) }),
  response: z.unknown(),
  responseType: 'binary',
});
const editPassage = defineRoute({
  method: 'PUT',
  path: '/translations/:id/passages/:blockId/',
  summary: 'Replace the translation of one passage by hand (400 naming any missing placeholder)',
  auth: true,
  params: PassageParams,
  body: EditPassageRequest,
  response: PassageResponse,
});
const revertPassage = defineRoute({
  method: 'DELETE',
  path: '/translations/:id/passages/:blockId/',
  summary: "Undo a manual edit: the passage goes back to the engine's version",
  auth: true,
  params: PassageParams,
  response: PassageResponse,
});
const retranslatePassage = defineRoute({
  method: 'POST',
  path: '/translations/:id/passages/:blockId/retranslate/',
  summary: 'Translate one passage again, with an optional instruction (bounded per translation, free)',
  auth: true,
  params: PassageParams,
  body: RetranslatePassageRequest,
  response: PassageResponse,
});

export const passagesRoutes = {
  listPassages,
  searchPassages,
  passageImage,
  editPassage,
  revertPassage,
  retranslatePassage,
} as const;
