import type { Delivery } from '@booktranslate/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { getUserSettings, listDeliveries, sendToDevice } from '../../api/readingApps';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { InlineError } from '../../components/InlineError';
import { useSubmit } from '../../hooks/useSubmit';
import { timeAgoInSentence } from '../../lib/timeAgo';
import { USER_SETTINGS_KEY } from '../profile/ReadingDevices';

/** How often the sends are read again while one is still queued. */
export const DELIVERY_POLL_MS = 3000;

const deliveriesKey = (translationId: string) => ['deliveries', translationId];

/**
 * "Send to Kindle" on a completed translation: the EPUB to one of the saved device addresses, then
 * each send with its state (re-read while one is queued), a failed one with its reason and Retry.
 */
export function SendToDevice({ translationId }: { translationId: string }) {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: USER_SETTINGS_KEY, queryFn: getUserSettings, retry: false });
  const deliveries = useQuery({
    queryKey: deliveriesKey(translationId),
    queryFn: () => listDeliveries(translationId),
    retry: false,
    refetchInterval: (q) => (q.state.data?.some((d) => d.status === 'queued') ? DELIVERY_POLL_MS : false),
  });
  const { busy, error, run } = useSubmit();
  const [sending, setSending] = useState<string | null>(null);
  const devices = settings.data?.device_addresses ?? [];
  const [chosen, setChosen] = useState('');
  const address = devices.some((d) => d.address === chosen) ? chosen : (devices[0]?.address ?? '');

  const send = (to: string) => {
    setSending(to);
    return run(async () => {
      try {
        const delivery = await sendToDevice(translationId, to);
        queryClient.setQueryData<Delivery[]>(deliveriesKey(translationId), (old) => [
          delivery,
          ...(old ?? []),
        ]);
        await queryClient.invalidateQueries({ queryKey: deliveriesKey(translationId) });
      } finally {
        setSending(null);
      }
    });
  };

  if (!settings.data) return null;
  const title = devices.length > 1 ? 'Send to device' : 'Send to Kindle';
  return (
    <section aria-labelledby="send-to-device" className="mt-4">
      <h3 id="send-to-device" className="text-sm font-semibold">
        {title}
      </h3>
      {devices.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Send the EPUB to your Kindle or e-reader by e-mail:{' '}
          <Link to="/profile#reading-devices" className="text-indigo-700 underline dark:text-indigo-300">
            add its address in Settings
          </Link>
          .
        </p>
      ) : (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          {devices.length > 1 ? (
            <div className="min-w-0 flex-1">
              <Field label="Device">
                {(control) => (
                  <select {...control} value={address} onChange={(e) => setChosen(e.target.value)}>
                    {devices.map((d) => (
                      <option key={d.address} value={d.address}>
                        {d.address}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
          ) : (
            <p className="min-w-0 flex-1 text-sm break-all text-slate-600 dark:text-slate-300">
              The EPUB goes to <strong>{address}</strong>.
            </p>
          )}
          <Button
            size="sm"
            loading={busy && sending === address}
            disabled={busy}
            onClick={() => send(address)}
          >
            {title}
          </Button>
        </div>
      )}
      {error && <InlineError>{error}</InlineError>}
      <DeliveryList items={deliveries.data ?? []} busy={busy} sending={sending} onRetry={send} />
    </section>
  );
}

const STATUS_WORDS: Record<Delivery['status'], string> = {
  queued: 'Sending…',
  sent: 'Sent',
  failed: 'Failed',
};

function DeliveryList({
  items,
  busy,
  sending,
  onRetry,
}: {
  items: Delivery[];
  busy: boolean;
  sending: string | null;
  onRetry: (address: string) => void;
}) {
  if (items.length === 0) return null;
  // Retry is offered on the newest send to each address (the list is newest first).
  const latest = new Map<string, string>();
  for (const d of items) if (!latest.has(d.address)) latest.set(d.address, d.id);
  return (
    <ul aria-label="Sends to devices" className="mt-3 space-y-2 text-sm" aria-live="polite">
      {items.map((d) => (
        <li
          key={d.id}
          className={`rounded-lg border p-2 ${
            d.status === 'failed'
              ? 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100'
              : 'border-slate-200 dark:border-slate-700'
          }`}
        >
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="break-all">
                <strong>{STATUS_WORDS[d.status]}</strong> to {d.address}
                <span className="text-xs opacity-75"> · {timeAgoInSentence(d.updated_at)}</span>
              </p>
              {d.status === 'failed' && d.error && <p className="mt-1 break-words">{d.error}</p>}
            </div>
            {d.status === 'failed' && latest.get(d.address) === d.id && (
              <Button
                size="sm"
                variant="outline"
                className="shrink-0"
                loading={busy && sending === d.address}
                disabled={busy}
                onClick={() => onRetry(d.address)}
                aria-label={`Retry the send to ${d.address}`}
              >
                Retry
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
