import type { Subscription } from '@booktranslate/contract';
import { useState } from 'react';
import { cancelSubscription } from '../../api/billing';
import { Button } from '../../components/Button';
import { Dialog, DialogActions } from '../../components/Dialog';
import { Field } from '../../components/Field';

export function CancelDialog({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [immediately, setImmediately] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    try {
      await cancelSubscription(subscription.id, {
        cancel_immediately: immediately,
        confirm_refund_terms: true,
        ...(reason.trim() ? { cancellation_reason: reason.trim() } : {}),
      });
      window.location.reload();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Cancellation failed');
      setBusy(false);
    }
  };

  return (
    <Dialog title="Cancel Subscription" onClose={onClose}>
      <Field label="Reason (optional)">
        {(p) => <textarea {...p} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      <fieldset className="mt-4 space-y-2 text-sm">
        <legend className="sr-only">When to cancel</legend>
        <label className="flex gap-2">
          <input type="radio" name="when" checked={!immediately} onChange={() => setImmediately(false)} />
          <span>
            <strong>Cancel at end of billing period</strong>
            <br />
            You keep access until the next billing date.
          </span>
        </label>
        <label className="flex gap-2">
          <input type="radio" name="when" checked={immediately} onChange={() => setImmediately(true)} />
          <span>
            <strong>Cancel immediately</strong>
            <br />
            You lose access now, with no refund.
          </span>
        </label>
      </fieldset>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {error}
        </p>
      )}
      <DialogActions onClose={onClose} closeLabel="Keep Subscription">
        <Button variant="danger" onClick={confirm} disabled={busy}>
          {busy ? 'Cancelling...' : 'Confirm Cancellation'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
