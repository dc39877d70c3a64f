import type { Book } from '@booktranslate/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../../auth/AuthContext';
import { Toast } from '../../components/Toast';
import { totalCredits } from '../../lib/credits';
import { AddTranslationDialog } from './AddTranslationDialog';
import { BookLibrary } from './BookLibrary';
import { EmailConfirmationNotice } from './EmailConfirmationNotice';
import { NoCreditsDialog } from './NoCreditsDialog';
import { PlanCard } from './PlanCard';
import { UploadWizard } from './UploadWizard';
import { BOOKS_KEY } from './useBooks';

export default function Dashboard() {
  const { user, refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const [toast, setToast] = useState<string | null>(null);
  const [noCredits, setNoCredits] = useState(false);
  const [addFor, setAddFor] = useState<Book | null>(null);
  const clearToast = useCallback(() => setToast(null), []);
  const { hash } = useLocation();
  useEffect(() => {
    // /upload lands here as /dashboard#upload.
    if (hash === '#upload') document.getElementById('upload')?.scrollIntoView();
  }, [hash]);

  if (!user) return <p className="p-8 text-center">Please sign in to continue</p>;
  const credits = totalCredits(user.credits_available);

  /** After any change: reload the books and the profile so credits are current. */
  const refresh = async (message?: string) => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: BOOKS_KEY }), refreshUser()]);
    if (message) setToast(message);
  };

  const openAdd = (book: Book) => (credits > 0 ? setAddFor(book) : setNoCredits(true));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">Welcome to Your Library</h1>
      <EmailConfirmationNotice user={user} />
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <UploadWizard
            credits={credits}
            onNoCredits={() => setNoCredits(true)}
            onUploaded={() => refresh('Book successfully added!')}
          />
        </div>
        <PlanCard user={user} />
      </div>
      <BookLibrary onAddTranslation={openAdd} onChanged={refresh} />
      {noCredits && <NoCreditsDialog plan={user.subscription_plan} onClose={() => setNoCredits(false)} />}
      {addFor && (
        <AddTranslationDialog
          book={addFor}
          onClose={() => setAddFor(null)}
          onNoCredits={() => {
            setAddFor(null);
            setNoCredits(true);
          }}
          onStarted={() => {
            setAddFor(null);
            void refresh('Translation started successfully!');
          }}
        />
      )}
      <Toast message={toast} onDone={clearToast} />
    </div>
  );
}
