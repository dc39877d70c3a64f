import { useState } from 'react';
import { downloadTranslation } from '../../api/books';
import { saveBlob } from '../../api/transfer';
import { Button } from '../../components/Button';

const FORMATS = [
  { format: 'epub', label: 'EPUB' },
  { format: 'fb2', label: 'FB2' },
  { format: 'txt', label: 'TXT' },
  { format: 'bilingual_epub', label: 'Bilingual EPUB' },
];

/** Download buttons; the dialog closes 0.5 s after a download starts. */
export function DownloadButtons({
  translationId,
  onStarted,
}: {
  translationId: string;
  onStarted: () => void;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (format: string) => {
    setBusy(format);
    try {
      const result = await downloadTranslation(translationId, format);
      if (!result.success || !result.blob) {
        window.alert('Failed to download translation. Please try again.');
        return;
      }
      saveBlob(result.blob, result.filename ?? `translation_${translationId}.${format}`);
      setTimeout(onStarted, 500);
    } catch {
      window.alert('An error occurred while downloading the translation.');
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold">Download</h3>
      <div className="mt-2 flex flex-wrap gap-2">
        {FORMATS.map((f) => (
          <Button
            key={f.format}
            size="sm"
            variant="outline"
            loading={busy === f.format}
            onClick={() => download(f.format)}
          >
            {f.label}
          </Button>
        ))}
      </div>
    </div>
  );
}
