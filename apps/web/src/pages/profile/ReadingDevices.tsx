import type { DeviceAddress } from '@booktranslate/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { getUserSettings, saveDeviceSettings, type UserSettings } from '../../api/readingApps';
import { Button } from '../../components/Button';
import { CopyField } from '../../components/CopyField';
import { FormError } from '../../components/FormError';
import { Section } from '../../components/Section';
import { TextField } from '../../components/TextField';
import { useSubmit } from '../../hooks/useSubmit';
import { deviceAddressProblem, MAX_DEVICES } from './deviceAddresses';

/** The query the settings' device part and the translation dialog's Send to Kindle share. */
export const USER_SETTINGS_KEY = ['user-settings'];

/**
 * Settings → Reading devices: the Kindle (or other e-reader) addresses books are e-mailed to, each
 * with "send when finished", the sender to approve at Amazon, and the book in the completion e-mail.
 * Every change is saved at once.
 */
export function ReadingDevices() {
  const settings = useQuery({ queryKey: USER_SETTINGS_KEY, queryFn: getUserSettings, retry: false });
  // The translation dialog's "add a device" link (/profile#reading-devices) lands here, once the
  // sections above have their height.
  const { hash } = useLocation();
  const shown = useRef(false);
  useEffect(() => {
    if (hash !== '#reading-devices' || !settings.data || shown.current) return;
    shown.current = true;
    document.getElementById('reading-devices')?.scrollIntoView?.({ block: 'start' });
  }, [hash, settings.data]);
  return (
    <Section id="reading-devices" title="Reading devices">
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        Send finished translations by e-mail to a Kindle or any e-reader that has its own e-mail address.
      </p>
      {settings.isPending ? (
        <p role="status" className="mt-4 text-sm">
          Loading devices...
        </p>
      ) : settings.data ? (
        <DeviceForm settings={settings.data} />
      ) : (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
          The device settings could not be loaded. Reload the page to try again.
        </p>
      )}
    </Section>
  );
}

function DeviceForm({ settings }: { settings: UserSettings }) {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string>();
  const [saved, setSaved] = useState('');
  const { busy, error, run } = useSubmit();
  const devices = settings.device_addresses;

  const save = (
    change: { device_addresses?: DeviceAddress[]; email_book_when_ready?: boolean },
    done: string,
    after?: () => void,
  ) =>
    run(async () => {
      setSaved('');
      const next = await saveDeviceSettings(change);
      queryClient.setQueryData(USER_SETTINGS_KEY, next);
      setSaved(done);
      after?.();
    });

  const add = (e: React.FormEvent) => {
    e.preventDefault();
    const why = deviceAddressProblem(typed, devices);
    setProblem(why ?? undefined);
    if (why) return;
    const address = typed.trim().toLowerCase();
    void save(
      { device_addresses: [...devices, { address, send_when_finished: false }] },
      `${address} added.`,
      () => setTyped(''),
    );
  };
  const toggle = (address: string, on: boolean) =>
    save(
      {
        device_addresses: devices.map((d) => (d.address === address ? { ...d, send_when_finished: on } : d)),
      },
      on
        ? `New translations will go to ${address} when they finish.`
        : `${address} gets books only when you send them.`,
    );
  const remove = (address: string) =>
    save({ device_addresses: devices.filter((d) => d.address !== address) }, `${address} removed.`);

  return (
    <>
      <div className="mt-4 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
        <p>
          A Kindle takes books only from senders you approve. In your Amazon account, open Preferences →
          Personal Document Settings → Approved Personal Document E-mail List, and add{' '}
          <strong className="break-all">{settings.sender_address}</strong>. Your Kindle's own address (ending
          in @kindle.com) is listed on the same page.
        </p>
        <div className="mt-3">
          <CopyField label="Sender address to approve" value={settings.sender_address} />
        </div>
      </div>

      {devices.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">No devices yet.</p>
      ) : (
        <ul aria-label="Device addresses" className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
          {devices.map((d) => (
            <li key={d.address} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <span className="min-w-0 font-medium break-all">{d.address}</span>
              <div className="flex flex-wrap items-center gap-3">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    role="switch"
                    aria-checked={d.send_when_finished}
                    aria-label={`Send to ${d.address} when finished`}
                    checked={d.send_when_finished}
                    disabled={busy}
                    onChange={(e) => toggle(d.address, e.target.checked)}
                    className="h-5 w-5 accent-indigo-600"
                  />
                  Send when finished
                </label>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  aria-label={`Remove ${d.address}`}
                  onClick={() => remove(d.address)}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {devices.length < MAX_DEVICES ? (
        <form onSubmit={add} noValidate className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start">
          <div className="flex-1">
            <TextField
              label="Device e-mail address"
              type="email"
              placeholder="name@kindle.com"
              autoComplete="off"
              value={typed}
              onChange={setTyped}
              error={problem}
            />
          </div>
          <Button type="submit" loading={busy} className="sm:mt-6">
            Add device
          </Button>
        </form>
      ) : (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
          {MAX_DEVICES} devices is the most you can save: remove one to add another.
        </p>
      )}

      <label className="mt-5 flex items-start gap-3">
        <input
          type="checkbox"
          role="switch"
          aria-checked={settings.email_book_when_ready}
          checked={settings.email_book_when_ready}
          disabled={busy}
          onChange={(e) =>
            save(
              { email_book_when_ready: e.target.checked },
              e.target.checked
                ? 'The book will come with the e-mail.'
                : 'The e-mail will come without the book.',
            )
          }
          className="mt-0.5 h-5 w-5 shrink-0 accent-indigo-600"
        />
        <span>
          <span className="block text-sm font-medium">E-mail me the book when it is ready</span>
          <span className="block text-xs text-slate-600 dark:text-slate-400">
            The e-mail that says a translation is finished carries the EPUB (a download link when the book is
            too large), even with the notifications above turned off.
          </span>
        </span>
      </label>
      {error && <FormError>{error}</FormError>}
      <p role="status" className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        {busy ? 'Saving...' : error ? '' : saved}
      </p>
    </>
  );
}
