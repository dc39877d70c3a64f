import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { keepGlossaryForSeries } from '../../api/series';
import { Button } from '../../components/Button';
import { InlineError } from '../../components/InlineError';
import { useSubmit } from '../../hooks/useSubmit';
import { bookSeries } from '../../lib/seriesGroups';
import { SERIES_KEY, useSeries } from './useSeries';

/**
 * "Keep for the series" under a translation's glossary, when its book is in a series: the glossary
 * as the user edited it becomes the series', so the next volume starts from these names.
 */
export function KeepForSeries({ translationId, bookId }: { translationId: string; bookId: string }) {
  const queryClient = useQueryClient();
  const found = bookSeries(useSeries().data, bookId);
  const [kept, setKept] = useState<string | null>(null);
  const { busy, error, run } = useSubmit();
  if (!found) return null;
  const keep = () =>
    run(async () => {
      const series = await keepGlossaryForSeries(translationId);
      queryClient.setQueryData([...SERIES_KEY, series.id], series);
      await queryClient.invalidateQueries({ queryKey: SERIES_KEY, exact: true });
      const next = found.volume === null ? 'The next volume' : `Volume ${found.volume + 1}`;
      setKept(`Kept for the series “${series.name}”. ${next} will use these names.`);
    });
  return (
    <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-700">
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="outline" loading={busy} onClick={keep}>
          Keep for the series
        </Button>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          This glossary becomes the glossary of “{found.series.name}”; its renderings win.
        </span>
      </div>
      {kept && (
        <p role="status" className="mt-2 text-sm text-emerald-700 dark:text-emerald-400">
          {kept}
        </p>
      )}
      {error && <InlineError>{error}</InlineError>}
    </div>
  );
}
