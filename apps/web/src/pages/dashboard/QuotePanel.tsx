import { languageLabel } from '@booktranslate/contract/languages';
import { useQuery } from '@tanstack/react-query';
import { quoteTranslation } from '../../api/quote';

/** Step 3's quote: what the file is and what the credit buys, from an inspection that spends nothing. */
export function QuotePanel({ file, language }: { file: File; language: string }) {
  const quote = useQuery({
    queryKey: ['quote', file.name, file.size, file.lastModified, language],
    queryFn: () => quoteTranslation(file, language),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (quote.isPending) return <p className="mt-3 text-sm text-slate-500">Reading the book...</p>;
  if (quote.isError)
    return <p className="mt-3 text-sm text-slate-500">No quote for this file: {quote.error.message}</p>;
  const q = quote.data;
  const n = (x: number) => x.toLocaleString('en-US');
  return (
    <div className="mt-3 text-sm" aria-live="polite">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-slate-500">Title</dt>
        <dd className="font-medium break-words">{q.title}</dd>
        {q.author && (
          <>
            <dt className="text-slate-500">Author</dt>
            <dd className="font-medium break-words">{q.author}</dd>
          </>
        )}
        <dt className="text-slate-500">Length</dt>
        <dd className="font-medium">
          {n(q.words)} words · {n(q.chapters)} {q.chapters === 1 ? 'chapter' : 'chapters'}
        </dd>
        <dt className="text-slate-500">Written in</dt>
        <dd className="font-medium">
          {q.source_language ? languageLabel(q.source_language) : 'Not detected'}
        </dd>
        <dt className="text-slate-500">Time</dt>
        <dd className="font-medium">about {duration(q.estimated_seconds)}</dd>
      </dl>
      <p className="mt-2 rounded-lg bg-indigo-50 p-2 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">
        {q.coverage}
      </p>
    </div>
  );
}

function duration(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds / 10) * 10)} seconds`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  return `${Math.round(minutes / 60)} hours`;
}
