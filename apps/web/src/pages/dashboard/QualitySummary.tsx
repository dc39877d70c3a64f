import { providerUsageWords, uncheckedWords } from '@booktranslate/contract/qa-finding-words';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { qualityFindings } from '../../api/qualityReport';
import { getQualityReport } from '../../api/translations';

/** The QA report's one line for a completed translation; the findings, each a link to its passage, one click away. */
export function QualitySummary({ bookId, translationId }: { bookId: string; translationId: string }) {
  const report = useQuery({
    queryKey: ['quality-report', translationId],
    queryFn: () => getQualityReport(translationId),
    retry: false,
  });
  if (!report.data) return null;
  const { summary, unchecked, provider } = report.data;
  const findings = qualityFindings(report.data);
  const reader = `/books/${bookId}/translations/${translationId}/read`;
  return (
    <details className="mt-3 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
      <summary className="cursor-pointer">
        <span className="font-semibold">Quality: </span>
        {summary}
      </summary>
      {findings.length === 0 && (
        <p className="mt-2 text-slate-500 dark:text-slate-400">
          {unchecked.length === 0
            ? 'Every check passed.'
            : `The checks that ran found nothing; not checked: ${unchecked.map((u) => uncheckedWords[u]).join('; ')}.`}
        </p>
      )}
      {findings.map((f) => (
        <section key={f.kind} className="mt-2">
          <h3 className="font-medium">
            {f.kind} ({f.items.length})
          </h3>
          <ul className="ml-4 list-disc break-words text-slate-600 dark:text-slate-300">
            {f.items.slice(0, 50).map((item) => (
              <li key={`${item.blockId ?? item.place}${item.text}`}>
                {item.blockId ? (
                  <Link
                    to={`${reader}?passage=${encodeURIComponent(item.blockId)}`}
                    className="text-indigo-700 underline dark:text-indigo-300"
                  >
                    {item.place}
                  </Link>
                ) : (
                  item.place
                )}
                : {item.text}
              </li>
            ))}
            {f.items.length > 50 && <li>and {f.items.length - 50} more</li>}
          </ul>
        </section>
      ))}
      {provider && (
        <section className="mt-2">
          <h3 className="font-medium">Provider</h3>
          <ul className="ml-4 list-disc text-slate-600 dark:text-slate-300">
            {providerUsageWords(provider).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
    </details>
  );
}
