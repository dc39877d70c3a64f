import type { Book } from '@booktranslate/contract';
import type { TranslationLaneName } from '@booktranslate/contract/translation-statuses';
import { useState } from 'react';
import { addTranslation } from '../../api/books';
import { isNoCredits } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { Button } from '../../components/Button';
import { Dialog, DialogActions } from '../../components/Dialog';
import { LanguageSelect } from '../../components/LanguageSelect';
import { usePublicConfig } from '../../hooks/usePublicConfig';
import { availableTargetLanguages } from '../../lib/targetLanguages';
import { DemoEngineNotice } from './DemoEngineNotice';
import { LaneChoice, offeredLanes } from './LaneChoice';

interface Props {
  book: Book;
  onClose: () => void;
  onStarted: () => void;
  onNoCredits: () => void;
}

export function AddTranslationDialog({ book, onClose, onStarted, onNoCredits }: Props) {
  const { user } = useAuth();
  const [language, setLanguage] = useState('');
  const [lane, setLane] = useState<TranslationLaneName>('standard');
  const config = usePublicConfig();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const options = availableTargetLanguages(
    book.original_language,
    book.translations.map((t) => t.target_language),
  );

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await addTranslation(book.id, language, lane);
      onStarted();
    } catch (err) {
      setBusy(false);
      const message = err instanceof Error ? err.message : 'Failed to start translation';
      if (isNoCredits(err)) onNoCredits();
      else setError(`Failed to start translation: ${message}`);
    }
  };

  return (
    <Dialog title={`Add translation: ${book.title}`} onClose={onClose}>
      {options.length === 0 ? (
        <p>All available languages have already been translated for this book.</p>
      ) : (
        <LanguageSelect
          label="Target language"
          value={language}
          onChange={setLanguage}
          options={options}
          preferred={user?.preferred_languages}
        />
      )}
      {/* The same notice as the upload's: only where this pair gets the demo engine's text. */}
      {language && <DemoEngineNotice source={book.original_language} target={language} />}
      {options.length > 0 && (
        <LaneChoice
          lanes={offeredLanes(undefined, config.data?.economy_lane)}
          value={lane}
          onChange={setLane}
          disabled={busy}
        />
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {error}
        </p>
      )}
      <DialogActions onClose={onClose} closeLabel="Cancel">
        {options.length > 0 && (
          <Button onClick={submit} disabled={!language} loading={busy}>
            Start Translation
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
