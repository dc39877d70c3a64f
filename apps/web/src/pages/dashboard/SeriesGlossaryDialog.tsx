import type { Series, SeriesGlossaryEntry } from '@booktranslate/contract';
import { languageLabel } from '@booktranslate/contract/languages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getSeries, saveSeriesGlossary } from '../../api/series';
import { Button } from '../../components/Button';
import { Dialog, DialogActions } from '../../components/Dialog';
import { inputClass } from '../../components/Field';
import { InlineError } from '../../components/InlineError';
import { useSubmit } from '../../hooks/useSubmit';
import { type DraftEntry, draftOf, SeriesGlossaryRows } from './SeriesGlossaryRows';
import { SERIES_KEY } from './useSeries';

/**
 * "Series glossary" of a series' heading: the names and terms every volume is translated with, per
 * target language, read fresh from the server; the user edits, deletes and adds entries and saves.
 */
export function SeriesGlossaryDialog({ series, onClose }: { series: Series; onClose: () => void }) {
  // Fetched on each opening (not kept after it closes): a volume that just finished adds its terms.
  const fresh = useQuery({
    queryKey: [...SERIES_KEY, series.id],
    queryFn: () => getSeries(series.id),
    gcTime: 0,
  });
  return (
    <Dialog title={`Series glossary: ${series.name}`} onClose={onClose} wide>
      {fresh.isPending && <p className="text-sm text-slate-600 dark:text-slate-300">Loading...</p>}
      {fresh.isError && <InlineError>The glossary could not be loaded: {fresh.error.message}</InlineError>}
      {fresh.data && <GlossaryForm series={fresh.data} onClose={onClose} />}
      {!fresh.data && <DialogActions onClose={onClose} />}
    </Dialog>
  );
}

function GlossaryForm({ series, onClose }: { series: Series; onClose: () => void }) {
  const queryClient = useQueryClient();
  const languages = Object.keys(series.glossaries).sort();
  const [language, setLanguage] = useState(languages[0] ?? '');
  const [drafts, setDrafts] = useState<Record<string, DraftEntry[]>>(() => draftOf(series.glossaries));
  const [saved, setSaved] = useState(false);
  const { busy, error, run } = useSubmit();

  const save = () =>
    run(async () => {
      let latest = series;
      for (const lang of languages) {
        const entries = cleaned(drafts[lang] ?? []);
        if (JSON.stringify(entries) === JSON.stringify(series.glossaries[lang])) continue;
        latest = await saveSeriesGlossary(series.id, lang, entries);
      }
      queryClient.setQueryData([...SERIES_KEY, series.id], latest);
      await queryClient.invalidateQueries({ queryKey: SERIES_KEY, exact: true });
      setDrafts(draftOf(latest.glossaries));
      setSaved(true);
    });

  if (languages.length === 0)
    return (
      <>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          This series has no glossary yet. It fills in when a volume’s translation finishes: the names and
          terms of that volume are kept here, and the next volume starts from them.
        </p>
        <DialogActions onClose={onClose} />
      </>
    );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Every volume of “{series.name}” is translated with these names and terms.
      </p>
      {languages.length > 1 ? (
        <div className="mt-3">
          <label htmlFor="series-glossary-language" className="mb-1 block text-sm font-medium">
            Translation into
          </label>
          <select
            id="series-glossary-language"
            className={`${inputClass} sm:max-w-xs`}
            value={language}
            onChange={(e) => setLanguage(e.target.value)}
          >
            {languages.map((code) => (
              <option key={code} value={code}>
                {languageLabel(code)}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="mt-3 text-sm font-medium">Translation into {languageLabel(language)}</p>
      )}
      <SeriesGlossaryRows
        key={language}
        entries={drafts[language] ?? []}
        onChange={(entries) => {
          setSaved(false);
          setDrafts((d) => ({ ...d, [language]: entries }));
        }}
      />
      {saved && (
        <p role="status" className="mt-3 text-sm text-emerald-700 dark:text-emerald-400">
          Saved. The next volume you translate starts from these names.
        </p>
      )}
      {error && <InlineError>{error}</InlineError>}
      <DialogActions onClose={onClose}>
        <Button type="submit" loading={busy}>
          Save glossary
        </Button>
      </DialogActions>
    </form>
  );
}

/** The entries to send: without the rows left empty, and without the draft's own keys. */
function cleaned(entries: DraftEntry[]): SeriesGlossaryEntry[] {
  return entries
    .filter((e) => e.source.trim() && e.target.trim())
    .map(({ key: _key, added: _added, ...entry }) => ({
      ...entry,
      source: entry.source.trim(),
      target: entry.target.trim(),
    }));
}
