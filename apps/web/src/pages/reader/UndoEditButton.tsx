import { Button } from '../../components/Button';
import { useReader } from './ReaderContext';
import { useRevertPassage } from './usePassages';

/**
 * "Undo edit" or "Undo re-translation": the passage goes back to the text the change replaced
 * (DELETE); `onDone` gives the focus back.
 */
export function UndoEditButton({
  blockId,
  retranslated = false,
  onDone,
}: {
  blockId: string;
  retranslated?: boolean;
  onDone: () => void;
}) {
  const reader = useReader();
  const revert = useRevertPassage(reader.translationId, reader.chapter);
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        loading={revert.isPending}
        onClick={() => revert.mutate(blockId, { onSuccess: onDone })}
      >
        {retranslated ? 'Undo re-translation' : 'Undo edit'}
      </Button>
      {revert.isError && (
        <span role="alert" className="basis-full text-end text-sm text-red-700 dark:text-red-300">
          Undo failed: {revert.error.message}
        </span>
      )}
    </>
  );
}
