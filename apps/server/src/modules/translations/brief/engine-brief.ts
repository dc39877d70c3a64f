import { type BookBrief, parseBrief } from '@booktranslate/translator';

/** The stored brief (contract shape, with the user's style notes) as the engines take it. */
export function toEngineBrief(stored: unknown): BookBrief | undefined {
  if (!stored || typeof stored !== 'object') return undefined;
  const brief = parseBrief(stored);
  const notes = (stored as { style_notes?: unknown }).style_notes;
  if (typeof notes === 'string' && notes.trim()) {
    brief.register = [brief.register, `Style notes from the reader: ${notes.trim()}`]
      .filter(Boolean)
      .join('. ');
  }
  return brief;
}
