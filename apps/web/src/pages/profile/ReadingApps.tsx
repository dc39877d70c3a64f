import type { AppPassword, CreatedAppPassword } from '@booktranslate/contract';
import { basicCatalogueUrls } from '@booktranslate/contract/catalogue-urls';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getApiOrigin } from '../../api/loadClient';
import { createAppPassword, listAppPasswords, revokeAppPassword } from '../../api/readingApps';
import { Button } from '../../components/Button';
import { CopyField } from '../../components/CopyField';
import { FormError } from '../../components/FormError';
import { Section } from '../../components/Section';
import { TextField } from '../../components/TextField';
import { useSubmit } from '../../hooks/useSubmit';
import { timeAgoInSentence } from '../../lib/timeAgo';
import { AppPasswordCreated } from './AppPasswordCreated';

const QUERY_KEY = ['app-passwords'];

/** Where the catalogue lives: the API's origin (the page's own unless the app points elsewhere). */
export function catalogueOrigin(): string {
  return getApiOrigin() || window.location.origin;
}

/**
 * Settings → Reading apps: the catalogue's two addresses (sign in with the account e-mail and an
 * app password), creating a named password (shown once), the list with last use, and Revoke.
 */
export function ReadingApps({ email }: { email: string }) {
  const urls = basicCatalogueUrls(catalogueOrigin());
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: QUERY_KEY, queryFn: listAppPasswords, retry: false });
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [created, setCreated] = useState<CreatedAppPassword | null>(null);
  const { busy, error, run } = useSubmit();

  const create = (e: React.FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError('Give the password a name, such as the device it is for.');
    if (trimmed.length > 100) return setNameError('The name cannot be longer than 100 characters.');
    setNameError(undefined);
    void run(async () => {
      const made = await createAppPassword(trimmed);
      setCreated(made);
      setName('');
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    });
  };

  return (
    <Section id="reading-apps" title="Reading apps">
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        Read your finished translations in KOReader, Moon+ Reader, Thorium, PocketBook or any app that opens
        OPDS catalogues. Add one of these addresses as a catalogue in the app; the user name is your account
        e-mail (<strong className="break-all">{email}</strong>) and the password is an app password made
        below, never your account password.
      </p>
      <div className="mt-4 grid gap-3">
        <CopyField label="Catalogue address (OPDS 1.2, most apps)" value={urls.opds} mono />
        <CopyField label="Catalogue address (OPDS 2.0, Thorium)" value={urls.opds_v2} mono />
      </div>

      <h3 className="mt-6 text-base font-semibold">App passwords</h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        One for each app or device: it can only read your catalogue and download your translations, and you
        can revoke it on its own.
      </p>
      <form onSubmit={create} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start" noValidate>
        <div className="flex-1">
          <TextField
            label="Name of the new password"
            placeholder="Kobo in the kitchen"
            value={name}
            onChange={setName}
            error={nameError}
            maxLength={100}
          />
        </div>
        <Button type="submit" loading={busy} className="sm:mt-6">
          Create app password
        </Button>
      </form>
      {error && <FormError>{error}</FormError>}
      <AppPasswordList
        items={list.data}
        loading={list.isPending}
        failed={list.isError}
        onRevoked={() => queryClient.invalidateQueries({ queryKey: QUERY_KEY })}
      />
      {created && <AppPasswordCreated created={created} email={email} onClose={() => setCreated(null)} />}
    </Section>
  );
}

function AppPasswordList({
  items,
  loading,
  failed,
  onRevoked,
}: {
  items: AppPassword[] | undefined;
  loading: boolean;
  failed: boolean;
  onRevoked: () => Promise<void>;
}) {
  if (loading)
    return (
      <p role="status" className="mt-4 text-sm text-slate-600 dark:text-slate-300">
        Loading app passwords...
      </p>
    );
  if (failed || !items)
    return (
      <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
        The app passwords could not be loaded. Reload the page to try again.
      </p>
    );
  if (items.length === 0)
    return <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">No app passwords yet.</p>;
  return (
    <ul aria-label="App passwords" className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
      {items.map((p) => (
        <AppPasswordRow key={p.id} item={p} onRevoked={onRevoked} />
      ))}
    </ul>
  );
}

function AppPasswordRow({ item, onRevoked }: { item: AppPassword; onRevoked: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const { busy, error, run } = useSubmit();
  const revoke = () =>
    run(async () => {
      await revokeAppPassword(item.id);
      await onRevoked();
    });
  return (
    <li aria-label={item.name} className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words">{item.name}</p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Created {timeAgoInSentence(item.created_at)} ·{' '}
            {item.last_used_at ? `Last used ${timeAgoInSentence(item.last_used_at)}` : 'Never used'}
          </p>
        </div>
        {!confirming && (
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
            Revoke
          </Button>
        )}
      </div>
      {confirming && (
        <div className="mt-2 rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          <p>Revoke “{item.name}”? Apps signed in with it stop reading your catalogue at once.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)} disabled={busy}>
              Keep it
            </Button>
            <Button size="sm" variant="danger" loading={busy} onClick={revoke}>
              Revoke password
            </Button>
          </div>
          {error && (
            <p role="alert" className="mt-2">
              {error}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
