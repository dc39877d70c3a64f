import type { Book, Translation } from '@booktranslate/contract';
import { languageLabel } from '@booktranslate/contract/languages';
import { Dialog, DialogActions } from '../../components/Dialog';
import { ProgressBar } from '../../components/ProgressBar';
import { clampProgress, isInProgress } from '../../lib/status';
import { TranslationChip } from './TranslationChip';

interface Props {
  book: Book;
  translations: Translation[];
  onOpen: (t: Translation) => void;
  onClose: () => void;
}

/** Every translation of a book ("+N more" on the card): each opens its dialog. */
export function AllTranslationsDialog({ book, translations, onOpen, onClose }: Props) {
  return (
    <Dialog title={`${book.title} · all translations`} onClose={onClose}>
      <ul aria-label="All translations" className="space-y-3">
        {translations.map((t) => (
          <li key={t.id} className="space-y-1">
            <TranslationChip translation={t} onOpen={() => onOpen(t)} />
            {isInProgress(t.status) && (
              <>
                <ProgressBar
                  value={t.progress}
                  label={`${languageLabel(t.target_language)} translation progress`}
                />
                <p className="text-xs text-slate-600 dark:text-slate-300">{clampProgress(t.progress)}%</p>
              </>
            )}
          </li>
        ))}
      </ul>
      <DialogActions onClose={onClose} />
    </Dialog>
  );
}
