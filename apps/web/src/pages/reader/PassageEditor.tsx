import type { Passage } from '@booktranslate/contract';
import { useId, useMemo, useState } from 'react';
import { isRejectedEdit } from '../../api/passages';
import { Button } from '../../components/Button';
import { inputClass } from '../../components/Field';
import {
  describeMarker,
  editProblem,
  markersOf,
  missingMarkers,
  parsePlaceholders,
} from '../../lib/placeholders';
import { closeOnEscape } from './closeOnEscape';
import { useReader } from './ReaderContext';
import { Spans } from './Spans';
import { useEditPassage } from './usePassages';

/**
 * The translation of one passage as placeholder text, with the markers explained in words and a
 * live preview and the contract's edit check as a hint. Save sends it; the server's refusal (a
 * missing marker) shows here and the text stays.
 */
export function PassageEditor({ passage, onClose }: { passage: Passage; onClose: () => void }) {
  const reader = useReader();
  const edit = useEditPassage(reader.translationId, reader.chapter);
  const [text, setText] = useState(passage.target_text ?? '');
  const markers = useMemo(() => markersOf(passage.source), [passage.source]);
  const preview = useMemo(() => parsePlaceholders(text, markers), [text, markers]);
  const missing = missingMarkers(text, markers);
  // The server's own check: a marker doubled, crossed or unknown, which the missing list cannot show.
  const problem = missing.length > 0 ? null : editProblem(text, markers);
  const id = useId();

  const save = () => edit.mutate({ blockId: passage.block_id, text }, { onSuccess: () => onClose() });
  const onKeyDown = closeOnEscape(edit.isPending, onClose);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the editor cancels it
    <div className="space-y-2" onKeyDown={onKeyDown}>
      <label htmlFor={id} className="block text-sm font-medium">
        Your translation
      </label>
      <textarea
        id={id}
        // biome-ignore lint/a11y/noAutofocus: the editor opens on request and typing starts at once
        autoFocus
        dir={reader.targetDirection}
        lang={reader.targetLanguage}
        rows={Math.min(12, Math.max(4, Math.ceil(text.length / 45)))}
        className={`${inputClass} font-mono`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={`${id}-markers`}
      />
      <div id={`${id}-markers`} className="text-xs text-slate-600 dark:text-slate-300">
        {markers.size > 0 ? (
          <>
            <p>Keep every marker: they put the formatting back around your words.</p>
            <ul className="mt-1 space-y-0.5">
              {[...markers].map(([n, info]) => {
                const { marker, meaning } = describeMarker(n, info);
                return (
                  <li key={n}>
                    <code className="rounded bg-slate-100 px-1 dark:bg-slate-800">{marker}</code> {meaning}
                  </li>
                );
              })}
            </ul>
            {missing.length > 0 && (
              <p className="mt-1 text-amber-800 dark:text-amber-300">Missing now: {missing.join(' ')}</p>
            )}
          </>
        ) : (
          <p>This passage has no formatting markers.</p>
        )}
        {problem && <p className="mt-1 text-amber-800 dark:text-amber-300">Not yet: {problem.message}</p>}
      </div>
      <div className="rounded-lg border border-dashed border-slate-300 p-2 dark:border-slate-600">
        <p className="text-xs font-medium text-slate-600 dark:text-slate-300">Preview</p>
        <p dir={reader.targetDirection} lang={reader.targetLanguage} className="[overflow-wrap:anywhere]">
          <Spans spans={preview} />
        </p>
      </div>
      {edit.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {isRejectedEdit(edit.error) ? 'Not saved: ' : 'Saving failed: '}
          {edit.error.message}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" loading={edit.isPending} onClick={save}>
          Save
        </Button>
        <Button size="sm" variant="ghost" disabled={edit.isPending} onClick={onClose}>
          Cancel
        </Button>
        <span className="text-xs text-slate-500">Escape cancels</span>
      </div>
    </div>
  );
}
