import type { Translation } from '@booktranslate/contract';
import { noCreditsMessage } from '@booktranslate/contract/no-credits';
import { previewPhrase, translateRestLabel } from '@booktranslate/contract/preview-words';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorCode, isNetworkError } from '../../api/errors';
import { translateRest } from '../../api/translations';
import { Button } from '../../components/Button';

/** Why the rest could not start, and what to do. */
function restError(err: unknown): { text: string; plans: boolean } {
  const what = 'The rest of the book could not be started';
  if (isNetworkError(err))
    return {
      text: `${what}: the service cannot be reached. Check your connection and try again.`,
      plans: false,
    };
  const code = errorCode(err);
  if (code === 'INSUFFICIENT_CREDITS')
    return { text: `${noCreditsMessage} The rest of a book takes a Reader or BookWorm credit.`, plans: true };
  if (code === 'CONFLICT')
    return {
      text: `${what}: its status changed meanwhile. Close this window to see the latest.`,
      plans: false,
    };
  return { text: `${what}. Please try again in a moment.`, plans: false };
}

interface Props {
  translation: Pick<Translation, 'id' | 'preview'>;
  /** After the rest started: the caller refreshes and moves on. */
  onStarted: () => Promise<void> | void;
}

/**
 * A completed Free preview in words (decision 226) and the one action that translates the rest of
 * the book on a paid credit, keeping what is already translated (decision 227). Nothing for a
 * translation of the whole book.
 */
export function PreviewPanel({ translation, onStarted }: Props) {
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<{ text: string; plans: boolean } | null>(null);
  const preview = translation.preview;
  if (!preview) return null;
  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      await translateRest(translation.id);
      await onStarted();
    } catch (err) {
      setError(restError(err));
      setStarting(false);
    }
  };
  const phrase = previewPhrase(preview);
  return (
    <section
      aria-label="Free preview"
      className="mt-3 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-50"
    >
      <p>
        This is {phrase}. The rest of the book stays in its original language: it was not translated, nothing
        went wrong.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button size="sm" loading={starting} onClick={start}>
          {translateRestLabel}
        </Button>
        <span className="text-xs text-sky-900 dark:text-sky-100">
          One Reader or BookWorm credit; the passages already translated are kept.
        </span>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-red-700 dark:text-red-300">
          {error.text}{' '}
          {error.plans && (
            <Link to="/billing" className="underline">
              See the plans
            </Link>
          )}
        </p>
      )}
    </section>
  );
}
