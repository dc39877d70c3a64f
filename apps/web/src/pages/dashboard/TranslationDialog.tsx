import type { Book, Translation } from '@booktranslate/contract';
import { languageLabel } from '@booktranslate/contract/languages';
import {
  ECONOMY_LABEL,
  ECONOMY_LANE_WORDS,
  reviewWaitNotice,
} from '@booktranslate/contract/translation-statuses';
import { useState } from 'react';
import { Link } from 'react-router';
import { cancelTranslation, continueTranslation, retryTranslation } from '../../api/translations';
import { bookRefused } from '../../api/types';
import { Button, buttonClass } from '../../components/Button';
import { Dialog, DialogActions } from '../../components/Dialog';
import { ProgressBar } from '../../components/ProgressBar';
import { usePublicConfig } from '../../hooks/usePublicConfig';
import {
  clampProgress,
  isInProgress,
  memoryWordsLabel,
  translationStatusLabel,
  translationWaitLabel,
  waitDeadlineLabel,
} from '../../lib/status';
import { actionError } from './actionError';
import { BriefPanel } from './BriefPanel';
import { CancelConfirm } from './CancelConfirm';
import { DownloadButtons } from './DownloadButtons';
import { PreviewPanel } from './PreviewPanel';
import { QualitySummary } from './QualitySummary';
import { RatingControl } from './RatingControl';
import { SendToDevice } from './SendToDevice';
import { ShareLinks } from './ShareLinks';
import { useTranslationEvents } from './useTranslationEvents';

interface Props {
  book: Book;
  translation: Translation;
  onClose: () => void;
  onChanged: (toast?: string) => Promise<void>;
}

/** One translation: live progress, failure reason with Retry, downloads, Send to Kindle, sharing, rating and brief. */
export function TranslationDialog({ book, translation: t, onClose, onChanged }: Props) {
  // The card reloads the library when the stream reports a final status; the dialog only shows it.
  const live = useTranslationEvents(t.id, isInProgress(t.status));
  const status = live.status ?? t.status;
  const progress = live.progress ?? t.progress;
  const eta = live.estimated_completion ?? t.estimated_completion;
  const chapter = live.current_chapter ?? t.current_chapter;
  const wait = translationWaitLabel({
    status,
    waiting_for: live.waiting_for !== undefined ? live.waiting_for : t.waiting_for,
  });
  const deadline = wait && waitDeadlineLabel(eta);
  const [retrying, setRetrying] = useState(false);
  const [retryError, setRetryError] = useState<string | null>(null);

  const [cancelling, setCancelling] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const reviewHours = usePublicConfig().data?.glossary_review_hours;
  const cancel = async () => {
    setCancelling(true);
    try {
      await cancelTranslation(t.id);
      await onChanged();
      onClose();
    } catch (err) {
      setRetryError(actionError('cancel', err));
      setCancelling(false);
      setConfirmCancel(false);
    }
  };

  const [continuing, setContinuing] = useState(false);
  const resume = async () => {
    setContinuing(true);
    try {
      await continueTranslation(t.id);
      await onChanged('Translation started successfully!');
      onClose();
    } catch (err) {
      setRetryError(err instanceof Error ? err.message : 'Continue failed');
      setContinuing(false);
    }
  };

  const retry = async () => {
    setRetrying(true);
    try {
      await retryTranslation(t.id);
      await onChanged('Translation started successfully!');
      onClose();
    } catch (err) {
      setRetryError(actionError('retry', err));
      setRetrying(false);
    }
  };

  return (
    <Dialog title={`${book.title} · ${languageLabel(t.target_language)}`} onClose={onClose} wide>
      <p className="text-sm">
        Status: <strong>{translationStatusLabel({ status, preview: t.preview })}</strong>
        {/* The promise ("ready within hours") while it runs; afterwards only which lane it took. */}
        {t.lane === 'economy' && ` · ${isInProgress(status) ? ECONOMY_LANE_WORDS : `${ECONOMY_LABEL} lane`}`}
      </p>
      {memoryWordsLabel(t) && (
        <p className="mt-1 text-sm text-emerald-800 dark:text-emerald-300">
          {memoryWordsLabel(t)}, not translated again.
        </p>
      )}
      {isInProgress(status) && (
        <div className="mt-3 space-y-1" aria-live="polite">
          <ProgressBar value={progress} label="Translation progress" />
          {wait && (
            <p className="text-sm font-medium text-amber-900 dark:text-amber-200">
              {wait}
              {deadline && `, ${deadline}`}
            </p>
          )}
          <p className="text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">
            {clampProgress(progress)}%
            {chapter && (
              <>
                {' · '}
                <span dir="auto">{chapter}</span>
              </>
            )}
            {eta && !wait ? ` · estimated completion ${new Date(eta).toLocaleTimeString()}` : ''}
          </p>
          {confirmCancel ? (
            <CancelConfirm
              status={status}
              cancelling={cancelling}
              onConfirm={cancel}
              onKeep={() => setConfirmCancel(false)}
            />
          ) : (
            <Button size="sm" variant="outline" onClick={() => setConfirmCancel(true)}>
              Cancel translation
            </Button>
          )}
        </div>
      )}
      {status === 'reviewing' && (
        <div className="mt-3 rounded-lg bg-indigo-50 p-3 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">
          <p>The glossary is ready: check the names and terms below, edit them if you like, then continue.</p>
          {reviewHours !== undefined && <p className="mt-1">{reviewWaitNotice(reviewHours)}</p>}
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" loading={continuing} onClick={resume}>
              Continue translation
            </Button>
            <Button size="sm" variant="outline" loading={cancelling} onClick={cancel}>
              Cancel translation
            </Button>
          </div>
        </div>
      )}
      {retryError && status !== 'failed' && status !== 'canceled' && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {retryError}
        </p>
      )}
      {(status === 'failed' || status === 'canceled') && (
        <div
          role="alert"
          className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          <p>
            {live.failure_reason ??
              t.failure_reason ??
              (status === 'canceled' ? 'The translation was canceled.' : 'The translation failed.')}
          </p>
          {status === 'failed' && bookRefused(t) ? (
            <p className="mt-2">
              A retry cannot change this: the book itself cannot be translated as it is. No credit was spent;
              you can delete the book and upload another file.
            </p>
          ) : (
            <Button size="sm" className="mt-2" loading={retrying} onClick={retry}>
              Retry
            </Button>
          )}
          {retryError && <p className="mt-1">{retryError}</p>}
        </div>
      )}
      {t.engine_is_demo && (
        <p className="mt-2 text-xs text-amber-700 dark:text-amber-400">
          Made by the demo engine: placeholder text, not a real translation.
        </p>
      )}
      {status === 'completed' && (
        <>
          <PreviewPanel
            translation={t}
            onStarted={async () => {
              await onChanged('Translating the rest of the book');
              onClose();
            }}
          />
          <QualitySummary bookId={book.id} translationId={t.id} />
          <div className="mt-4">
            <Link to={`/books/${book.id}/translations/${t.id}/read`} className={buttonClass('primary', 'sm')}>
              Read and review
            </Link>
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              The original and the translation side by side: fix a passage or have it translated again.
            </p>
          </div>
          <DownloadButtons translationId={t.id} source={t.file_type} onStarted={onClose} />
          <SendToDevice translationId={t.id} />
          <ShareLinks title={book.title} language={languageLabel(t.target_language)} />
          <RatingControl translationId={t.id} initial={t.rating} />
        </>
      )}
      <BriefPanel translationId={t.id} bookId={book.id} open={status === 'reviewing'} />
      <DialogActions onClose={onClose} />
    </Dialog>
  );
}
