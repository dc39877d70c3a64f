import type { TranslationLaneName } from '@booktranslate/contract/translation-statuses';
import { useState } from 'react';
import { uploadBook } from '../../api/books';
import { isNoCredits } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { Button } from '../../components/Button';
import { LanguageSelect } from '../../components/LanguageSelect';
import { canUpgrade } from '../../lib/credits';
import { isFileRefused, uploadErrorAdvice, uploadErrorMessage } from '../../lib/uploadErrors';
import { ConfirmStep } from './ConfirmStep';
import { DemoEngineNotice } from './DemoEngineNotice';
import { FileDrop } from './FileDrop';
import { StepIndicator } from './StepIndicator';

const STEPS = ['Upload Book', 'Select Language', 'Confirmation'];

interface Props {
  credits: number;
  onNoCredits: () => void;
  onUploaded: () => void;
}

/** The three-step upload: file, target language, confirmation with real upload progress. */
export function UploadWizard({ credits, onNoCredits, onUploaded }: Props) {
  const { user } = useAuth();
  const [step, setStep] = useState(1);
  const [file, setFile] = useState<File | null>(null);
  const [language, setLanguage] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<{ message: string; advice: string | null } | null>(null);
  const [reviewGlossary, setReviewGlossary] = useState(false);
  const [lane, setLane] = useState<TranslationLaneName>('standard');

  const reset = () => {
    setStep(1);
    setFile(null);
    setLanguage('');
    setProgress(null);
    setError(null);
    setReviewGlossary(false);
    setLane('standard');
  };

  const start = async () => {
    if (!file || !language) return;
    if (credits < 1) return onNoCredits();
    setProgress(0);
    setError(null);
    try {
      await uploadBook(file, language, setProgress, { reviewGlossary, lane });
      reset();
      onUploaded();
    } catch (err) {
      setProgress(null);
      if (isNoCredits(err)) return onNoCredits();
      setError({ message: uploadErrorMessage(err), advice: uploadErrorAdvice(err) });
      // A refused file cannot succeed again: back to step 1 to pick another, the language kept.
      if (isFileRefused(err)) {
        setFile(null);
        setStep(1);
      }
    }
  };

  return (
    <section
      id="upload"
      aria-labelledby="upload-title"
      className="rounded-xl border border-slate-200 p-6 dark:border-slate-800"
    >
      <h2 id="upload-title" className="sr-only">
        Upload a book
      </h2>
      <StepIndicator steps={STEPS} current={step} />
      {error && (
        <div
          role="alert"
          className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          <p className="font-medium">The translation could not be started.</p>
          <p>{error.message}</p>
          {error.advice && <p>{error.advice}</p>}
        </div>
      )}
      {step === 1 && (
        <FileDrop
          disabled={credits < 1}
          topTier={!canUpgrade(user?.subscription_plan)}
          onNoCredits={onNoCredits}
          onFile={(f) => {
            setFile(f);
            setError(null);
            setStep(language ? 3 : 2);
          }}
        />
      )}
      {step === 2 && (
        <div>
          <h3 className="mb-3 font-semibold">Select Target Language</h3>
          <LanguageSelect
            label="Target language"
            value={language}
            onChange={setLanguage}
            preferred={user?.preferred_languages}
          />
          <DemoEngineNotice target={language} />
          <div className="mt-6 flex justify-between">
            <Button variant="outline" onClick={() => setStep(1)}>
              Back
            </Button>
            <Button disabled={!language} onClick={() => setStep(3)}>
              Next
            </Button>
          </div>
        </div>
      )}
      {step === 3 && file && (
        <ConfirmStep
          file={file}
          language={language}
          progress={progress}
          reviewGlossary={reviewGlossary}
          onReviewGlossaryChange={setReviewGlossary}
          lane={lane}
          onLaneChange={setLane}
          onBack={() => setStep(2)}
          onChooseFile={() => {
            setFile(null);
            setError(null);
            setStep(1);
          }}
          onStart={start}
        />
      )}
    </section>
  );
}
