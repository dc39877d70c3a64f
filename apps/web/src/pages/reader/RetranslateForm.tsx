import type { Passage } from '@booktranslate/contract';
import { type FormEvent, useId, useState } from 'react';
import { isRetranslationRefused } from '../../api/passages';
import { Button } from '../../components/Button';
import { inputClass } from '../../components/Field';
import { closeOnEscape } from './closeOnEscape';
import { allowanceText, useReader } from './ReaderContext';
import { useRetranslatePassage } from './usePassages';

/**
 * Asks the engine for one passage again, with an optional wish when the engine follows wishes (DeepL
 * and Apertium do not: the form then says so and sends none); a refusal (429) shows its reason.
 */
export function RetranslateForm({ passage, onClose }: { passage: Passage; onClose: () => void }) {
  const reader = useReader();
  const retranslate = useRetranslatePassage(reader.translationId, reader.chapter);
  const [instruction, setInstruction] = useState('');
  // The engine answered the text the passage had: nothing changed and nothing was counted.
  const [same, setSame] = useState(false);
  const id = useId();
  const { used, limit, follows_instructions: followsWishes } = reader.retranslations;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSame(false);
    retranslate.mutate(
      { blockId: passage.block_id, instruction: followsWishes ? instruction : '' },
      { onSuccess: (answer) => (answer.unchanged ? setSame(true) : onClose()) },
    );
  };
  const onKeyDown = closeOnEscape(retranslate.isPending, onClose);

  return (
    <form
      onSubmit={submit}
      onKeyDown={onKeyDown}
      aria-busy={retranslate.isPending || undefined}
      className="mt-3 space-y-2 rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60"
    >
      {followsWishes ? (
        <>
          <label htmlFor={id} className="block text-sm font-medium">
            Instruction for this passage (optional)
          </label>
          <input
            id={id}
            // biome-ignore lint/a11y/noAutofocus: the form opens on request and typing starts at once
            autoFocus
            className={inputClass}
            maxLength={300}
            placeholder="more formal"
            value={instruction}
            disabled={retranslate.isPending}
            onChange={(e) => setInstruction(e.target.value)}
          />
        </>
      ) : (
        <p className="text-sm">
          This translation's engine translates the passage again as it is: it does not follow instructions
          such as "more formal". To change the wording, edit the passage.
        </p>
      )}
      <p className="text-xs text-slate-600 dark:text-slate-300">
        {allowanceText(reader.retranslations)} for this translation. Your edit, if any, is replaced; Undo
        brings it back.
      </p>
      {same && (
        <p role="status" className="text-sm">
          The engine gave the same translation; this did not count.
        </p>
      )}
      {retranslate.isPending && (
        <p role="status" className="text-sm">
          Re-translating...
        </p>
      )}
      {retranslate.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {isRetranslationRefused(retranslate.error) ? 'Not re-translated: ' : 'Re-translation failed: '}
          {retranslate.error.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          size="sm"
          loading={retranslate.isPending}
          disabled={used >= limit}
          autoFocus={!followsWishes}
        >
          Re-translate
        </Button>
        <Button size="sm" variant="ghost" disabled={retranslate.isPending} onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
