const productUrl = () => window.location.origin;

/** Share on X, Facebook (the native share sheet when the browser has one) and LinkedIn. */
export function ShareLinks({ title, language }: { title: string; language: string }) {
  const text = `I just translated "${title}" into ${language} with BookTranslate. Read any book in your language!`;
  const url = encodeURIComponent(productUrl());
  const linkClass =
    'rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800';
  const shareFacebook = async (e: React.MouseEvent) => {
    if (!navigator.share) return;
    e.preventDefault();
    try {
      await navigator.share({ title: 'BookTranslate', text, url: productUrl() });
    } catch {
      // The user closed the share sheet.
    }
  };
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold">Share</h3>
      <div className="mt-2 flex flex-wrap gap-2">
        <a
          className={linkClass}
          target="_blank"
          rel="noopener noreferrer"
          href={`https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${url}`}
        >
          X
        </a>
        <a
          className={linkClass}
          target="_blank"
          rel="noopener noreferrer"
          onClick={shareFacebook}
          href={`https://www.facebook.com/sharer/sharer.php?u=${url}&quote=${encodeURIComponent(text)}`}
        >
          Facebook
        </a>
        <a
          className={linkClass}
          target="_blank"
          rel="noopener noreferrer"
          href={`https://www.linkedin.com/sharing/share-offsite/?url=${url}`}
        >
          LinkedIn
        </a>
      </div>
    </div>
  );
}
