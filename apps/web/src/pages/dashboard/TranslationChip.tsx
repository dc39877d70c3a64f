import type { Translation } from '@booktranslate/contract';
import { languageLabel } from '@booktranslate/contract/languages';
import { ECONOMY_LABEL } from '@booktranslate/contract/translation-statuses';
import {
  memoryWordsLabel,
  translationStatusLabel,
  translationWaitLabel,
  waitDeadlineLabel,
} from '../../lib/status';

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
  // Waiting for the provider's batch is said instead of a status that would look stuck.
  const wait = translationWaitLabel(t);
  const deadline = wait && waitDeadlineLabel(t.estimated_completion);
  const title = [wait && (deadline ? `${wait}, ${deadline}` : wait), memory].filter(Boolean).join('. ');
  return (
    <button
      type="button"
      onClick={onOpen}
      title={title || undefined}
      className={`rounded-full px-2.5 py-1 text-left text-xs font-medium ${chipColour(t.status, t.preview)}`}
    >
      {languageLabel(t.target_language)} · {wait ?? translationStatusLabel(t)}
      {t.lane === 'economy' && !wait && ` · ${ECONOMY_LABEL}`}
      {memory && ` · ${memoryWordsLabel(t, 'from memory')}`}
    </button>
  );
}
