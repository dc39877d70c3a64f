import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { clearTranslationMemory, getTranslationMemory } from '../../api/memory';
import { Button } from '../../components/Button';
import { FormError } from '../../components/FormError';
import { Section } from '../../components/Section';
import { useSubmit } from '../../hooks/useSubmit';

const MEMORY_KEY = ['translation-memory'];

/**
 * Settings → Translation memory: how many passages of the user's earlier translations (and their own
 * edits) a new translation can take instead of translating again, and "Clear my translation memory".
 */
export function TranslationMemory() {
  const queryClient = useQueryClient();
  const memory = useQuery({ queryKey: MEMORY_KEY, queryFn: getTranslationMemory, retry: false });
  const [confirming, setConfirming] = useState(false);
  const { busy, error, run } = useSubmit();
  const n = (x: number) => x.toLocaleString('en-US');
  const clear = () =>
    run(async () => {
      queryClient.setQueryData(MEMORY_KEY, await clearTranslationMemory());
      setConfirming(false);
    });
  return (
    <Section id="translation-memory" title="Translation memory">
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        Passages you translated before, and your own edits of them, are reused when the same text comes again:
        a new edition, the next volume, the same book again. Only you use your memory.
      </p>
      {memory.data && (
        <p className="mt-3 text-sm" role="status">
          {memory.data.passages === 0
            ? 'Your translation memory is empty.'
            : `${n(memory.data.passages)} passages (${n(memory.data.words)} words), ${n(memory.data.edits)} of them your own edits.`}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {confirming ? (
          <>
            <Button variant="danger" disabled={busy} onClick={clear}>
              Yes, clear it
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setConfirming(false)}>
              Keep it
            </Button>
            <span className="text-sm text-slate-600 dark:text-slate-300">
              Your finished translations stay as they are.
            </span>
          </>
        ) : (
          <Button
            variant="secondary"
            disabled={!memory.data || memory.data.passages === 0}
            onClick={() => setConfirming(true)}
          >
            Clear my translation memory
          </Button>
        )}
      </div>
      {error && <FormError>{error}</FormError>}
    </Section>
  );
}
