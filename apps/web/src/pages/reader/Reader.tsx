import type { PassageFilter, PassageFound } from '@booktranslate/contract';
import { languageLabel } from '@booktranslate/contract/languages';
import { isPassageFilter } from '@booktranslate/contract/passage-filters';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { getBook } from '../../api/books';
import { errorCode } from '../../api/errors';
import { PageLoading } from '../../components/PageLoading';
import { PreviewPanel } from '../dashboard/PreviewPanel';
import { BOOKS_KEY } from '../dashboard/useBooks';
import { ChapterNav } from './ChapterNav';
import { ChapterView } from './ChapterView';
import { FindBar } from './FindBar';
import type { Side } from './PassageRow';
import { allowanceText, ReaderContext, type ReaderInfo } from './ReaderContext';
import { SearchResults } from './SearchResults';
import { useLinkedPassage } from './useLinkedPassage';
import { usePassageSearch, usePassages } from './usePassages';

function loadError(err: unknown): string {
  const code = errorCode(err);
  if (code === 'NOT_FOUND') return 'This translation was not found.';
  if (code === 'CONFLICT') return 'The translation can be read and reviewed once it is completed.';
  return `The translation could not be loaded: ${(err as Error).message}`;
}

/**
 * /books/:bookId/translations/:translationId/read: the original and the translation side by side,
 * chapter by chapter, with edits, re-translation of one passage and a way through the flagged ones.
 */
export default function Reader() {
  const { bookId = '', translationId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const chapter = Math.max(0, Math.trunc(Number(search.get('chapter'))) || 0);
  const book = useQuery({ queryKey: [...BOOKS_KEY, bookId], queryFn: () => getBook(bookId), retry: false });
  const query = usePassages(translationId, chapter);
  // The whole book's search and filters live in the address (?q=&show=), like the chapter.
  const q = search.get('q')?.trim() ?? '';
  const showParam = search.get('show');
  const show = isPassageFilter(showParam) ? showParam : null;
  const searching = q !== '' || show !== null;
  const found = usePassageSearch(translationId, q, show);
  const onFind = useCallback(
    (next: { q: string; show: PassageFilter | null }) =>
      setSearch(
        (s) => {
          const params = new URLSearchParams(s);
          params.delete('passage');
          if (next.q) params.set('q', next.q);
          else params.delete('q');
          if (next.show) params.set('show', next.show);
          else params.delete('show');
          return params;
        },
        { replace: true },
      ),
    [setSearch],
  );
  // A result opens its passage in its chapter (as a QA finding's link does) and leaves the search.
  const openFound = useCallback(
    (r: PassageFound) => setSearch({ chapter: String(r.chapter), passage: r.block_id }),
    [setSearch],
  );
  const openLinked = useCallback(
    (index: number) =>
      setSearch((s) => ({ ...Object.fromEntries(s), chapter: String(index) }), { replace: true }),
    [setSearch],
  );
  // A QA finding's link (?passage=c3.b56) opens that passage's chapter and focuses it.
  useLinkedPassage(
    translationId,
    search.get('passage'),
    query.isPlaceholderData ? undefined : query.data?.chapter,
    openLinked,
  );
  const data = query.data;
  const top = useRef<HTMLDivElement>(null);

  const selectChapter = useCallback(
    (index: number) => {
      setSearch(index > 0 ? { chapter: String(index) } : {});
      top.current?.scrollIntoView?.({ block: 'start' });
    },
    [setSearch],
  );

  const info = useMemo<ReaderInfo | null>(
    () =>
      data
        ? {
            translationId,
            chapter: data.chapter,
            targetLanguage: data.target_language,
            targetDirection: data.target_direction,
            retranslations: data.retranslations,
          }
        : null,
    [data, translationId],
  );
  const title = book.data?.title;
  const translation = book.data?.translations.find((t) => t.id === translationId);
  const demoOutput = translation?.engine_is_demo;
  const navigate = useNavigate();
  const queries = useQueryClient();
  // The rest is translated in a new run: the library shows its progress.
  const restStarted = async () => {
    await queries.invalidateQueries({ queryKey: BOOKS_KEY });
    navigate('/dashboard');
  };

  if (query.isPending) return <PageLoading label="Loading the translation..." />;
  if (!data || !info)
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 text-center">
        <p role="alert">{loadError(query.error)}</p>
        <Link to="/dashboard" className="mt-4 inline-block text-indigo-700 underline dark:text-indigo-300">
          Back to your library
        </Link>
      </div>
    );

  const flaggedInBook = data.chapters.reduce((n, c) => n + c.flagged, 0);
  const sides: { source: Side; target: Side } = {
    source: { lang: data.source_language ?? undefined, dir: data.source_direction },
    target: { lang: data.target_language, dir: data.target_direction },
  };
  const from = data.source_language ? languageLabel(data.source_language) : 'Original';
  return (
    <ReaderContext.Provider value={info}>
      <div ref={top} className="mx-auto max-w-6xl scroll-mt-20 px-4 py-6">
        <header className="mb-6">
          <Link to="/dashboard" className="text-sm text-indigo-700 underline dark:text-indigo-300">
            ← Back to your library
          </Link>
          <h1 className="mt-2 text-2xl font-bold [overflow-wrap:anywhere] sm:text-3xl">
            {title || 'Read and review'}
          </h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Read and review · {from} → {languageLabel(data.target_language)} ·{' '}
            {flaggedInBook === 1 ? '1 flagged passage' : `${flaggedInBook} flagged passages`} ·{' '}
            {allowanceText(data.retranslations)}
          </p>
          {demoOutput && (
            <p role="note" className="mt-2 text-sm font-medium text-amber-800 dark:text-amber-300">
              Demo output: placeholder text from the demo engine, not a translation of the book.
            </p>
          )}
          {translation?.preview && <PreviewPanel translation={translation} onStarted={restStarted} />}
        </header>
        <div className="lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-6">
          <ChapterNav chapters={data.chapters} current={chapter} onSelect={selectChapter} />
          <div className="min-w-0">
            <FindBar q={q} show={show} counts={found.data?.counts} onChange={onFind} />
            {searching ? (
              <SearchResults
                answer={
                  found.isPlaceholderData && !found.data?.q && !found.data?.show ? undefined : found.data
                }
                loading={found.isFetching}
                chapters={data.chapters}
                {...sides}
                onOpen={openFound}
              />
            ) : (
              <ChapterView
                data={data}
                loading={query.isPlaceholderData}
                onChapter={(index) => setSearch(index > 0 ? { chapter: String(index) } : {})}
              />
            )}
          </div>
        </div>
      </div>
    </ReaderContext.Provider>
  );
}
