import type { Translation } from '@booktranslate/contract';
import { languageLabel } from '@booktranslate/contract/languages';
import { memoryWordsLabel, translationStatusLabel } from '../../lib/status';

/** Chip colours keep text at 4.5:1 or more on their background in both themes. */
export const chipColour = (status: string, preview?: unknown) =>
  status === 'completed' && preview
    ? 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100'
    : status === 'completed'
      ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100'
      : status === 'failed' || status === 'canceled'
        ? 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100'
        : 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100';

/**
 * One translation as a chip: its language and status (a Free preview says so) and, in short, the
 * words its translation memory gave (the whole sentence in its title); a click opens it.
 */
export function TranslationChip({
  translation: t,
  onOpen,
}: {
  translation: Translation;
  onOpen: () => void;
}) {
  const memory = memoryWordsLabel(t);
  return (
    <button
      type="button"
      onClick={onOpen}
      title={memory ?? undefined}
      className={`rounded-full px-2.5 py-1 text-xs font-medium ${chipColour(t.status, t.preview)}`}
    >
      {languageLabel(t.target_language)} · {translationStatusLabel(t)}
      {memory && ` · ${memoryWordsLabel(t, 'from memory')}`}
    </button>
  );
}
