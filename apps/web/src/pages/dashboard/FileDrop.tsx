import {
  formatNames,
  sourceAccept,
  sourceFormatOfName,
  sourceFormats,
} from '@booktranslate/contract/formats';
import { useRef, useState } from 'react';
import { UploadIcon } from '../../components/Icons';
import { usePaymentsOff } from '../../hooks/usePaymentsOff';

// The contract's upload formats; `.fb2.zip` among them is how most FB2 books are shared.
export const UNSUPPORTED_FILE = `Unsupported file type. Please choose an ${formatNames(sourceFormats)} file.`;
const SUPPORTED = sourceFormats.map((format) => format.name).join(', ');

interface Props {
  disabled: boolean;
  topTier: boolean;
  onNoCredits: () => void;
  onFile: (file: File) => void;
}

/** Drag-and-drop or click area; greyed out with the no-credit texts when the user has no credits. */
export function FileDrop({ disabled, topTier, onNoCredits, onFile }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Without payments on the server no plan can be bought: credits come from the operator.
  const paymentsOff = usePaymentsOff();

  if (disabled) {
    return (
      <button
        type="button"
        onClick={onNoCredits}
        className="flex h-48 w-full flex-col items-center justify-center gap-1 rounded-xl px-4 text-center border-2 border-dashed border-slate-300 bg-slate-100 text-slate-600 dark:text-slate-400 dark:border-slate-700 dark:bg-slate-800"
      >
        <span className="font-semibold">No Credits Available</span>
        <span className="text-sm">You need credits to upload books</span>
        <span className="text-sm">
          {paymentsOff
            ? 'Ask the operator of this server for credits'
            : topTier
              ? 'Credits will be renewed automatically'
              : 'Upgrade your plan to get credits'}
        </span>
      </button>
    );
  }

  const take = (files: FileList | null) => {
    const f = files?.[0];
    if (!f) return;
    // The picker filters by extension, a drop does not: refuse other files here, before any upload.
    if (!sourceFormatOfName(f.name)) return setError(UNSUPPORTED_FILE);
    setError(null);
    onFile(f);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: drop target only; the button inside is the keyboard path
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        take(e.dataTransfer.files);
      }}
    >
      <button
        type="button"
        onClick={() => input.current?.click()}
        className={`flex h-48 w-full flex-col items-center justify-center gap-2 rounded-xl px-4 text-center border-2 border-dashed transition ${over ? 'border-indigo-600 bg-indigo-50 dark:bg-indigo-950' : 'border-slate-300 hover:border-indigo-400 dark:border-slate-600'}`}
      >
        <UploadIcon className="h-10 w-10 text-indigo-500" />
        <span className="font-medium">Drop your book here or click to browse</span>
        <span className="text-sm text-slate-600 dark:text-slate-400">
          {`Supports ${SUPPORTED} (max 100MB)`}
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept={sourceAccept}
        className="sr-only"
        aria-label="Choose a book file"
        tabIndex={-1}
        onChange={(e) => take(e.target.files)}
      />
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
