import { useState } from 'react';

/**
 * A form's one request: `busy` while it runs, and after a failure the server's message (or a
 * generic sentence), cleared when the form is sent again.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (request: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await request();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
