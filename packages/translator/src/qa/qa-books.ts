import { type Book, readBook } from '@booktranslate/ebook';

const SENTENCES = [
  'The morning was grey and the river ran high under the old bridge.',
  'A cart came slowly down the lane, its wheels loud on the wet stones.',
  'Nobody in the village could remember a spring as cold as this one.',
  'The baker opened his shutters and looked at the sky without a word.',
  'Smoke rose from every chimney and hung low over the roofs all day.',
];

/**
 * A plain-text book built for the QA tests: `chapters` chapters of `paragraphs` paragraphs, each
 * paragraph naming `name` (when given) inside a sentence, and `lastChapterName` twice in the last chapter only.
 */
export async function qaBook(options: {
  chapters?: number;
  paragraphs?: number;
  name?: string;
  lastChapterName?: string;
}): Promise<Book> {
  const chapters = options.chapters ?? 2;
  const paragraphs = options.paragraphs ?? 4;
  const parts: string[] = [];
  for (let c = 1; c <= chapters; c++) {
    parts.push(`CHAPTER ${c}`);
    for (let p = 0; p < paragraphs; p++) {
      const a = SENTENCES[(c + p) % SENTENCES.length] as string;
      const b = SENTENCES[(c * 3 + p + 1) % SENTENCES.length] as string;
      const named = options.name
        ? ` Later that day, ${options.name} walked to the mill number ${c * 10 + p}.`
        : '';
      parts.push(`${a}${named} ${b}`);
    }
    if (c === chapters && options.lastChapterName) {
      parts.push(`At the gate stood a stranger called ${options.lastChapterName}, who said nothing at all.`);
      parts.push(`The next morning ${options.lastChapterName} was gone, and the gate stood open.`);
    }
  }
  return readBook(new TextEncoder().encode(parts.join('\n\n')), { filename: 'qa.txt' });
}
