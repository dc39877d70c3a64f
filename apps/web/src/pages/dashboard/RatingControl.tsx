import { useState } from 'react';
import { rateTranslation } from '../../api/translations';

/** Five stars; a click saves the rating (PUT /translations/{id}/rating/). */
export function RatingControl({
  translationId,
  initial,
}: {
  translationId: string;
  initial?: number | null | undefined;
}) {
  const [rating, setRating] = useState(initial ?? 0);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'error'>('idle');
  const rate = async (value: number) => {
    setRating(value);
    setState('saving');
    try {
      await rateTranslation(translationId, value);
      setState('saved');
    } catch {
      setState('error');
    }
  };
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-semibold">Rate this translation</legend>
      <div className="mt-1 flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            aria-label={`${n} star${n === 1 ? '' : 's'}`}
            aria-pressed={rating >= n}
            onClick={() => rate(n)}
            // Stars are controls: 3:1 or more against the dialog in both themes (WCAG 1.4.11).
            className={`text-2xl ${rating >= n ? 'text-amber-600 dark:text-amber-400' : 'text-slate-500 dark:text-slate-400'}`}
          >
            ★
          </button>
        ))}
        <span role="status" className="ml-2 text-xs text-slate-600 dark:text-slate-400">
          {state === 'saved' ? 'Thanks for rating!' : state === 'error' ? 'Could not save the rating.' : ''}
        </span>
      </div>
    </fieldset>
  );
}
