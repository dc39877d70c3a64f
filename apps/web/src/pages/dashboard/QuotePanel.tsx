import { languageLabel } from '@booktranslate/contract/languages';
import { uploadErrorMessage } from '../../lib/uploadErrors';
import { DemoEngineNotice, DemoWarning } from './DemoEngineNotice';
import { quoteRefusedFile, useQuote } from './useQuote';

/**
 * Step 3's quote: what the file is, what the credit buys, which engine would translate it (and
 * whether that is the demo's placeholder text), from an inspection that spends nothing.
 */
export function QuotePanel({ file, language }: { file: File; language: string }) {
  const quote = useQuote(file, language);
  if (quote.isPending)
    return (
      <>
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">Reading the book...</p>
        <DemoEngineNotice target={language} />
      </>
    );
  if (quote.isError) {
    if (quoteRefusedFile(quote.error))
      return (
        <p className="mt-3 text-sm text-red-700 dark:text-red-300">
          This file cannot be translated. {uploadErrorMessage(quote.error)}
        </p>
      );
    return (
      <>
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">
          No quote for this file: {quote.error.message}
        </p>
        <DemoEngineNotice target={language} />
      </>
    );
  }
  const q = quote.data;
  const n = (x: number) => x.toLocaleString('en-US');
  return (
    <div className="mt-3 text-sm" aria-live="polite">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-slate-500 dark:text-slate-400">Title</dt>
        <dd className="font-medium break-words">{q.title}</dd>
        {q.author && (
          <>
            <dt className="text-slate-500 dark:text-slate-400">Author</dt>
            <dd className="font-medium break-words">{q.author}</dd>
          </>
        )}
        <dt className="text-slate-500 dark:text-slate-400">Length</dt>
        <dd className="font-medium">
          {n(q.words)} words · {n(q.chapters)} {q.chapters === 1 ? 'chapter' : 'chapters'}
        </dd>
        <dt className="text-slate-500 dark:text-slate-400">Written in</dt>
        <dd className="font-medium">
          {q.source_language ? languageLabel(q.source_language) : 'Not detected'}
        </dd>
        <dt className="text-slate-500 dark:text-slate-400">Engine</dt>
        <dd className="font-medium break-words">{engineName(q.engine)}</dd>
        <dt className="text-slate-500 dark:text-slate-400">Time</dt>
        <dd className="font-medium">about {duration(q.estimated_seconds)}</dd>
        {q.memory && (
          <>
            <dt className="text-slate-500 dark:text-slate-400">Memory</dt>
            <dd className="font-medium text-emerald-800 dark:text-emerald-300">{q.memory}</dd>
          </>
        )}
      </dl>
      {q.engine_is_demo && (
        <DemoWarning>
          Demo engine: this translation into {languageLabel(q.target_language)} would be placeholder text for
          trying the product, not a real translation. No translation engine for this language pair is
          configured on this server.
        </DemoWarning>
      )}
      {q.textless_pages_note && (
        <p className="mt-2 rounded-lg bg-amber-50 p-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {q.textless_pages_note}
        </p>
      )}
      <p className="mt-2 rounded-lg bg-indigo-50 p-2 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">
        {q.coverage}
      </p>
    </div>
  );
}

/** The engine's label ('openai:gpt-6-luna', 'apertium', 'demo') in words. */
function engineName(label: string): string {
  const [engine, model] = label.split(/:(.*)/s);
  switch (engine) {
    case 'demo':
      return 'Demo engine (placeholder text)';
    case 'apertium':
      return 'Apertium (rule-based machine translation)';
    case 'deepl':
      return 'DeepL';
    case 'openai':
      return `OpenAI-compatible model ${model}`;
    case 'anthropic':
      return `Anthropic ${model}`;
    case 'gemini':
      return `Google Gemini ${model}`;
    default:
      return label;
  }
}

function duration(seconds: number): string {
  if (seconds < 10) return seconds <= 1 ? '1 second' : `${seconds} seconds`;
  if (seconds < 90) return `${Math.max(1, Math.round(seconds / 10) * 10)} seconds`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  return `${Math.round(minutes / 60)} hours`;
}
