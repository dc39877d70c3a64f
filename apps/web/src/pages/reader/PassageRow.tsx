import type { Passage, PassageKind } from '@booktranslate/contract';
import { beyondPreviewLabel } from '@booktranslate/contract/preview-words';
import { memo } from 'react';
import { Button } from '../../components/Button';
import { isChangeable } from './changeable';
import { flagLabel } from './flagLabels';
import { PassageEditor } from './PassageEditor';
import { RetranslateForm } from './RetranslateForm';
import { Spans } from './Spans';
import { UndoEditButton } from './UndoEditButton';

export type RowMode = 'edit' | 'retranslate' | null;

export interface Side {
  lang: string | undefined;
  dir: 'ltr' | 'rtl';
}

const KIND_CLASS: Partial<Record<PassageKind, string>> = {
  heading: 'text-lg font-semibold',
  blockquote: 'border-s-2 border-slate-300 ps-3 italic dark:border-slate-600',
  epigraph: 'italic',
  'poem-line': 'italic',
  preformatted: 'whitespace-pre-wrap font-mono text-sm',
  note: 'text-sm',
  caption: 'text-sm text-slate-600 dark:text-slate-300',
};

const LABEL = 'mb-1 block text-xs font-medium uppercase tracking-wide text-slate-500 md:sr-only';
const BADGE = 'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold';
const MEMORY_NOTE = 'Taken from your earlier translations, not translated again';

interface Props {
  passage: Passage;
  index: number;
  mode: RowMode;
  source: Side;
  target: Side;
  onOpen: (index: number, mode: RowMode) => void;
}

/**
 * One passage: the original beside its translation (stacked on a phone), its flags in words, and
 * the three changes. Memoised: a change re-renders its own row only.
 */
export const PassageRow = memo(function PassageRow({ passage, index, mode, source, target, onOpen }: Props) {
  const flagged = passage.flags.length > 0;
  const kind = KIND_CLASS[passage.kind] ?? '';
  const close = () => onOpen(index, null);
  return (
    <li
      data-index={index}
      // The first passage is the tab stop until the list moves it (PassageList, in the DOM).
      tabIndex={index === 0 ? 0 : -1}
      data-block-id={passage.block_id}
      aria-label={`Passage ${index + 1}${flagged ? ', flagged' : ''}${passage.edited ? ', edited' : ''}${passage.retranslated ? ', re-translated' : ''}${passage.from_memory ? ', from memory' : ''}`}
      className={`scroll-mt-24 rounded-lg border p-3 [contain-intrinsic-size:auto_7rem] [content-visibility:auto] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 ${
        flagged
          ? 'border-amber-300 bg-amber-50 dark:border-amber-700/70 dark:bg-amber-950/30'
          : 'border-slate-200 dark:border-slate-800'
      }`}
    >
      {(flagged || passage.edited || passage.retranslated || passage.from_memory) && (
        <ul className="mb-2 space-y-1 text-sm">
          {passage.flags.map((f) => (
            <li key={`${f.reason}${f.message}`} className="flex flex-wrap items-baseline gap-x-2">
              <span className={`${BADGE} bg-amber-200 text-amber-950 dark:bg-amber-800 dark:text-amber-50`}>
                Flagged: {flagLabel(f.reason)}
              </span>
              <span className="text-amber-950 [overflow-wrap:anywhere] dark:text-amber-100">{f.message}</span>
            </li>
          ))}
          {passage.edited && (
            <li>
              <span
                className={`${BADGE} bg-indigo-100 text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100`}
              >
                Edited
              </span>
            </li>
          )}
          {passage.retranslated && (
            <li>
              <span className={`${BADGE} bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100`}>
                Re-translated
              </span>
            </li>
          )}
          {passage.from_memory && (
            <li>
              <span
                title={MEMORY_NOTE}
                className={`${BADGE} bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100`}
              >
                From memory<span className="sr-only">: {MEMORY_NOTE}</span>
              </span>
            </li>
          )}
        </ul>
      )}
      <div className="grid gap-3 md:grid-cols-2 md:gap-6">
        <div>
          <span className={LABEL}>Original</span>
          <div lang={source.lang} dir={source.dir} className={`[overflow-wrap:anywhere] ${kind}`}>
            <Spans spans={passage.source} />
          </div>
        </div>
        <div>
          {mode !== 'edit' && <span className={LABEL}>Translation</span>}
          {mode === 'edit' ? (
            <PassageEditor passage={passage} onClose={close} />
          ) : passage.target ? (
            <div lang={target.lang} dir={target.dir} className={`[overflow-wrap:anywhere] ${kind}`}>
              <Spans spans={passage.target} />
            </div>
          ) : (
            // Past a Free preview's first words the passage was never sent: not a failure (decision 226).
            <p className="text-sm text-slate-600 italic dark:text-slate-300">
              {passage.beyond_preview ? beyondPreviewLabel : 'Not translated'}
            </p>
          )}
        </div>
      </div>
      {mode !== 'edit' && isChangeable(passage) && (
        <div className="mt-1 flex flex-wrap justify-end gap-1">
          <Button size="sm" variant="ghost" onClick={() => onOpen(index, 'edit')}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={mode === 'retranslate'}
            onClick={() => onOpen(index, mode === 'retranslate' ? null : 'retranslate')}
          >
            Re-translate
          </Button>
          {(passage.edited || passage.retranslated) && (
            <UndoEditButton blockId={passage.block_id} retranslated={passage.retranslated} onDone={close} />
          )}
        </div>
      )}
      {mode === 'retranslate' && <RetranslateForm passage={passage} onClose={close} />}
    </li>
  );
});
