import { outputFormats } from '@booktranslate/contract/formats';
import { useState } from 'react';
import { downloadTranslation } from '../../api/books';
import { saveBlob } from '../../api/transfer';
import { Button } from '../../components/Button';
import { InlineError } from '../../components/InlineError';

// One button per download format of the contract, then the bilingual EPUB (epub with layout=bilingual).
const FORMATS = [
  ...outputFormats.map((f) => ({ id: f.id, format: f.id, layout: 'translated', label: f.name }) as const),
  { id: 'bilingual', format: 'epub', layout: 'bilingual', label: 'Bilingual EPUB' },
] as const;

/** Download buttons; the dialog closes 0.5 s after a download starts. */
export function DownloadButtons({
  translationId,
  onStarted,
}: {
  translationId: string;
  onStarted: () => void;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (f: (typeof FORMATS)[number]) => {
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
        {FORMATS.map((f) => (
          <Button key={f.id} size="sm" variant="outline" loading={busy === f.id} onClick={() => download(f)}>
            {f.label}
          </Button>
        ))}
      </div>
      {error && <InlineError>{error}</InlineError>}
    </div>
  );
}
