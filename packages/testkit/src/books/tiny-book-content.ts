/** A run of text in a paragraph: plain, emphasised or strong. */
export type TinyRun = string | { em: string } | { strong: string };

export interface TinyChapter {
  title: string;
  /** Each paragraph is plain text, or a list of runs for inline markup. */
  paragraphs: Array<string | TinyRun[]>;
}

/** What a tiny book contains; every field has a default. */
export interface TinyBookOptions {
  title?: string;
  author?: string;
  /** BCP 47 language tag, default 'en'. */
  language?: string;
  chapters?: TinyChapter[];
  /** Add a 1x1 PNG cover (EPUB cover-image, FB2 coverpage). */
  cover?: boolean;
  /** Stable identifier (default a fixed UUID so outputs are reproducible). */
  identifier?: string;
}

export const DEFAULT_CHAPTERS: TinyChapter[] = [
  {
    title: 'Chapter 1. The Letter',
    paragraphs: [
      'Anna Petrovna lived in Moscow with her brother Ivan.',
      ['One morning a ', { em: 'letter' }, ' arrived from ', { strong: 'Paris' }, '.'],
      '“Read it to me,” said Ivan, and Anna opened it slowly.',
    ],
  },
  {
    title: 'Chapter 2. The Journey',
    paragraphs: [
      'Three days later Anna left Moscow for Paris by train.',
      'Ivan stayed behind; he did not like trains — or Paris.',
    ],
  },
];

/** The options with defaults filled in. */
export function withDefaults(options: TinyBookOptions = {}): Required<TinyBookOptions> {
  return {
    title: options.title ?? 'A Tiny Book',
    author: options.author ?? 'Test Author',
    language: options.language ?? 'en',
    chapters: options.chapters ?? DEFAULT_CHAPTERS,
    cover: options.cover ?? false,
    identifier: options.identifier ?? 'urn:uuid:6f1c2b1e-8f0a-4c55-9d8e-2a4f7b0c9e11',
  };
}

/** A paragraph as a list of runs. */
export function runsOf(paragraph: string | TinyRun[]): TinyRun[] {
  return typeof paragraph === 'string' ? [paragraph] : paragraph;
}

/** The text of a run without markup. */
export function runText(run: TinyRun): string {
  return typeof run === 'string' ? run : 'em' in run ? run.em : run.strong;
}

/**
 * A paragraph as `<p>` markup, its emphasis in `emphasisTag` (XHTML `em`, FB2 `emphasis`).
 * @example paragraphMarkup(['Say ', { em: 'hi' }], 'em') // '<p>Say <em>hi</em></p>'
 */
export function paragraphMarkup(paragraph: string | TinyRun[], emphasisTag: string): string {
  const inner = runsOf(paragraph)
    .map((run) =>
      typeof run === 'string'
        ? escapeXml(run)
        : 'em' in run
          ? `<${emphasisTag}>${escapeXml(run.em)}</${emphasisTag}>`
          : `<strong>${escapeXml(run.strong)}</strong>`,
    )
    .join('');
  return `<p>${inner}</p>`;
}

/** escapeXml by the short name the book makers write their markup with. */
export { escapeXml as x };

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A valid 1x1 transparent PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
