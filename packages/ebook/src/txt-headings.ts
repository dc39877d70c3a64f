/** Chapter-heading detection for plain-text books. */

const ROMAN = '[IVXLCDM]+';
const NUMBER_WORDS =
  'ONE|TWO|THREE|FOUR|FIVE|SIX|SEVEN|EIGHT|NINE|TEN|ELEVEN|TWELVE|FIRST|SECOND|THIRD|FOURTH|FIFTH|SIXTH|SEVENTH|EIGHTH|NINTH|TENTH|LAST';
const RU_NUMBER_WORDS =
  'ПЕРВАЯ|ВТОРАЯ|ТРЕТЬЯ|ЧЕТВЕРТАЯ|ЧЕТВЁРТАЯ|ПЯТАЯ|ШЕСТАЯ|СЕДЬМАЯ|ВОСЬМАЯ|ДЕВЯТАЯ|ДЕСЯТАЯ|ПЕРВЫЙ|ВТОРОЙ|ТРЕТИЙ';
const ORDINAL = `(?:${ROMAN}|\\d+|${NUMBER_WORDS}|${RU_NUMBER_WORDS})`;

// Parts group chapters, so they sit one level above them.
const PART = new RegExp(`^(?:PART|BOOK|VOLUME|EPOCH|ЧАСТЬ|КНИГА|ТОМ)\\s+(?:THE\\s+)?${ORDINAL}\\b`, 'iu');
const CHAPTER = new RegExp(
  `^(?:CHAPTER|ГЛАВА|STAVE|CHAPITRE|KAPITEL|CAPÍTULO|CAPITOLO)\\s+${ORDINAL}\\b`,
  'iu',
);
const BARE_NUMBER = new RegExp(`^(?:${ROMAN}|\\d{1,3})\\.?$`, 'u');
const CJK_CHAPTER = /^第[一二三四五六七八九十百千零〇两\d]+[回章節节卷部篇]/u;
const SCENE_BREAK = /^(?:[*xX•·~#=-]\s*){3,}$/u;

/** 'part' and 'chapter' headings start a chapter; 'number' is a bare numeral (I., 12); 'break' is a scene break (* * *). */
export type HeadingKind = 'part' | 'chapter' | 'number' | 'break';

/**
 * Classifies one trimmed line as a heading, or null for prose.
 * @example headingKind('CHAPTER IV.') // 'chapter'
 */
export function headingKind(line: string): HeadingKind | null {
  if (line.length > 80) return null;
  if (SCENE_BREAK.test(line)) return 'break';
  // Case-sensitive checks for words so "Part of the crowd..." stays prose.
  if (PART.test(line) && startsUpper(line)) return 'part';
  if (CHAPTER.test(line) && startsUpper(line)) return 'chapter';
  if (CJK_CHAPTER.test(line)) return 'chapter';
  if (BARE_NUMBER.test(line)) return 'number';
  return null;
}

/** A short unpunctuated line standing alone between blank lines: a story or chapter title. */
export function looksLikeTitle(line: string): boolean {
  return line.length > 0 && line.length <= 60 && !/[,;:!?…"»“”]$/u.test(line) && /\p{L}/u.test(line);
}

function startsUpper(line: string): boolean {
  const first = line.charAt(0);
  return first === first.toUpperCase();
}
