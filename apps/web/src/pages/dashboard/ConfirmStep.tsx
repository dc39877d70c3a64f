import { languageLabel } from '@booktranslate/contract/languages';
import type { TranslationLaneName } from '@booktranslate/contract/translation-statuses';
import { Button } from '../../components/Button';
import { ProgressBar } from '../../components/ProgressBar';
import { usePublicConfig } from '../../hooks/usePublicConfig';
import { LaneChoice, offeredLanes } from './LaneChoice';
import { QuotePanel } from './QuotePanel';
import { quoteRefusedFile, useQuote } from './useQuote';

interface Props {
  file: File;
  language: string;
  progress: number | null;
  reviewGlossary: boolean;
  onReviewGlossaryChange: (review: boolean) => void;
  /** Standard or economy: asked only where the quote (or the public config) offers economy. */
  lane: TranslationLaneName;
  onLaneChange: (lane: TranslationLaneName) => void;
  onBack: () => void;
  onStart: () => void;
  /** Back to step 1 for another file. */
  onChooseFile: () => void;
}

export function ConfirmStep({
  file,
  language,
  progress,
  reviewGlossary,
  onReviewGlossaryChange,
  lane,
  onLaneChange,
  onBack,
  onStart,
  onChooseFile,
}: Props) {
  const uploading = progress !== null;
  // The quote read the file and refused it: the upload would be refused the same way.
  const quote = useQuote(file, language);
  const refused = quote.isError && quoteRefusedFile(quote.error);
  const config = usePublicConfig();
  const lanes = offeredLanes(quote.data?.lanes, config.data?.economy_lane);
  return (
    <div>
      <h3 className="font-semibold">Ready to Translate</h3>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">File</dt>
        <dd className="min-w-0 truncate font-medium">{file.name}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Language</dt>
        <dd className="font-medium">{languageLabel(language)}</dd>
      </dl>
      <QuotePanel file={file} language={language} />
      <LaneChoice lanes={lanes} value={lane} onChange={onLaneChange} disabled={uploading} />
      <label className="mt-3 flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5"
          checked={reviewGlossary}
          disabled={uploading}
          onChange={(e) => onReviewGlossaryChange(e.target.checked)}
        />
        <span>
          Review the glossary first: names and terms are shown for editing before translation starts
        </span>
      </label>
      {uploading ? (
        <div className="mt-6 space-y-2" aria-live="polite">
          <p className="flex justify-between text-sm font-medium">
            <span>Uploading...</span>
            <span>{progress}%</span>
          </p>
          <ProgressBar value={progress} label="Upload progress" />
          <p className="text-sm text-amber-700 dark:text-amber-400">
            Please do not close the page during upload
          </p>
        </div>
      ) : (
        <div className="mt-6 flex flex-wrap items-start justify-between gap-2">
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={onBack}>
              Back
            </Button>
            <Button variant="ghost" onClick={onChooseFile}>
              Choose another file
            </Button>
          </div>
          <div className="flex flex-col items-end gap-1">
            <Button
              onClick={onStart}
              disabled={refused}
              aria-describedby={refused ? 'start-refused' : undefined}
            >
              Start Translation
            </Button>
            {refused && (
              <p id="start-refused" className="text-sm text-slate-600 dark:text-slate-400">
                Start Translation is unavailable for this file. Please choose another file.
              </p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
