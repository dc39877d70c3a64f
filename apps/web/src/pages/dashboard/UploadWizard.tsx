import { useState } from 'react';
import { uploadBook } from '../../api/books';
import { httpStatus } from '../../api/httpStatus';
import { useAuth } from '../../auth/AuthContext';
import { Button } from '../../components/Button';
import { LanguageSelect } from '../../components/LanguageSelect';
import { canUpgrade } from '../../lib/credits';
import { ConfirmStep } from './ConfirmStep';
import { FileDrop } from './FileDrop';

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
  const [reviewGlossary, setReviewGlossary] = useState(false);

  const reset = () => {
    setStep(1);
    setFile(null);
    setLanguage('');
    setProgress(null);
    setReviewGlossary(false);
  };

  const start = async () => {
    if (!file || !language) return;
    if (credits < 1) return onNoCredits();
    setProgress(0);
    try {
      await uploadBook(file, language, setProgress, { reviewGlossary });
      reset();
      onUploaded();
    } catch (err) {
      setProgress(null);
      const message = err instanceof Error ? err.message : 'Upload failed';
      if (httpStatus(err) === 402 || /credit/i.test(message)) onNoCredits();
      else window.alert(`Failed to start translation: ${message}`);
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
      <ol className="mb-6 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {STEPS.map((label, i) => (
          <li
            key={label}
            aria-current={step === i + 1 ? 'step' : undefined}
            className={`flex items-center gap-2 ${step === i + 1 ? 'font-semibold text-indigo-600 dark:text-indigo-400' : 'text-slate-500'}`}
          >
            <span
              className={`flex h-7 w-7 items-center justify-center rounded-full border ${step >= i + 1 ? 'border-indigo-600' : 'border-slate-300'}`}
            >
              {i + 1}
            </span>
            {label}
          </li>
        ))}
      </ol>
      {step === 1 && (
        <FileDrop
          disabled={credits < 1}
          topTier={!canUpgrade(user?.plan)}
          onNoCredits={onNoCredits}
          onFile={(f) => {
            setFile(f);
            setStep(2);
          }}
        />
      )}
      {step === 2 && (
        <div>
          <h3 className="mb-3 font-semibold">Select Target Language</h3>
          <LanguageSelect label="Target language" value={language} onChange={setLanguage} />
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
          onBack={() => setStep(2)}
          onStart={start}
        />
      )}
    </section>
  );
}
