import type { CreatedAppPassword } from '@booktranslate/contract';
import { CopyField } from '../../components/CopyField';
import { Dialog, DialogActions } from '../../components/Dialog';

/**
 * The one time a new app password is shown: the password with the user name to type beside it,
 * and the addresses that hold it for apps that cannot sign in.
 */
export function AppPasswordCreated({
  created,
  email,
  onClose,
}: {
  created: CreatedAppPassword;
  email: string;
  onClose: () => void;
}) {
  return (
    <Dialog title={`App password for “${created.name}”`} onClose={onClose} wide>
      <p
        role="alert"
        className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
      >
        Copy the password now: you will not see it again. If you lose it, revoke it and create another.
      </p>
      <div className="mt-4 grid gap-3">
        <CopyField label="Password" value={created.password} mono />
        <CopyField label="User name" value={email} />
      </div>
      <h3 className="mt-5 text-sm font-semibold">For apps that cannot sign in</h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        These addresses hold the password: use them only where the app has no place for one, and keep them
        private. Anyone with one can read your translations until you revoke the password.
      </p>
      <div className="mt-3 grid gap-3">
        <CopyField label="Private address (OPDS 1.2)" value={created.urls.opds_token} mono />
        <CopyField label="Private address (OPDS 2.0)" value={created.urls.opds_v2_token} mono />
      </div>
      <DialogActions onClose={onClose} closeLabel="Done" />
    </Dialog>
  );
}
