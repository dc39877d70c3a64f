import { Button } from '../../components/Button';
import { creditReturnedOnCancel } from '../../lib/status';

interface Props {
  status: string;
  cancelling: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}

/** "Cancel translation" asks first and says what happens to the credit (the server's rule). */
export function CancelConfirm({ status, cancelling, onConfirm, onKeep }: Props) {
  return (
    <div
      role="alertdialog"
      aria-label="Cancel this translation?"
      className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-medium">Cancel this translation?</p>
      <p className="mt-1">
        {creditReturnedOnCancel(status)
          ? 'It has not started translating yet, so your credit is returned.'
          : 'Translating has begun, so the credit stays spent. Retry later continues where it stopped without taking another credit.'}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="danger" loading={cancelling} onClick={onConfirm}>
          Yes, cancel translation
        </Button>
        <Button size="sm" variant="outline" onClick={onKeep}>
          Keep translating
        </Button>
      </div>
    </div>
  );
}
