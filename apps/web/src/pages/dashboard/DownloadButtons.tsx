import { type OutputFormatId, outputFormatsOf } from '@booktranslate/contract/formats';
import { useState } from 'react';
import { downloadTranslation } from '../../api/books';
import { saveBlob } from '../../api/transfer';
import { Button } from '../../components/Button';
import { InlineError } from '../../components/InlineError';

interface DownloadFormat {
  id: string;
  format: OutputFormatId;
  layout: 'translated' | 'bilingual';
  label: string;
}

/**
 * One button per download format of a book uploaded as `source` (EPUB, FB2, TXT, and its own format
 * where it is written in place: DOCX, Markdown), then the bilingual EPUB (epub with layout=bilingual).
 */
function formatsOf(source: string): DownloadFormat[] {
  return [
    ...outputFormatsOf(source).map(
      (f) => ({ id: f.id, format: f.id, layout: 'translated', label: f.name }) as const,
    ),
    { id: 'bilingual', format: 'epub', layout: 'bilingual', label: 'Bilingual EPUB' },
  ];
}

/** Download buttons; the dialog closes 0.5 s after a download starts. */
export function DownloadButtons({
  translationId,
  source,
  onStarted,
}: {
  translationId: string;
  /** The format the book was uploaded in (the translation's `file_type`). */
  source: string;
  onStarted: () => void;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (f: DownloadFormat) => {
    setBusy(f.id);
    setError(null);
    try {
      const result = await downloadTranslation(translationId, f.format, f.layout);
      if (!result.success || !result.blob) {
        setError('Failed to download translation. Please try again.');
        return;
      }
      saveBlob(result.blob, result.filename ?? `translation_${translationId}.${f.format}`);
      setTimeout(onStarted, 500);
    } catch {
      setError('An error occurred while downloading the translation.');
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold">Download</h3>
      <div className="mt-2 flex flex-wrap gap-2">
        {formatsOf(source).map((f) => (
          <Button key={f.id} size="sm" variant="outline" loading={busy === f.id} onClick={() => download(f)}>
            {f.label}
          </Button>
        ))}
      </div>
      {error && <InlineError>{error}</InlineError>}
    </div>
  );
}
