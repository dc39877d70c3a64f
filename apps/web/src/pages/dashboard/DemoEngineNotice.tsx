import { languageLabel, sameLanguage } from '@booktranslate/contract/languages';
import type { ReactNode } from 'react';
import { usePublicConfig } from '../../hooks/usePublicConfig';

interface Props {
  /** The book's language; unknown (null) until the quote reads the book. */
  source?: string | null;
  target: string;
}

/**
 * Says a translation will be the demo engine's placeholder text, only where it will: the server has
 * no real engine for any pair reaching `target` (from `source` when known). Pairs a real engine
 * serves (Apertium's, or every pair with a provider) get no notice.
 */
export function DemoEngineNotice({ source, target }: Props) {
  const config = usePublicConfig();
  if (!config.data?.demo_engine || !target) return null;
  const real = (config.data.real_pairs ?? []).some(
    (pair) => pair.target === target && (!source || sameLanguage(pair.source, source)),
  );
  if (config.data.real_pairs === null || real) return null;
  const pair = source
    ? `from ${languageLabel(source)} into ${languageLabel(target)}`
    : `into ${languageLabel(target)}`;
  return (
    <DemoWarning>
      Demo engine: translations {pair} on this server are placeholder text for trying the product, not a real
      translation.
    </DemoWarning>
  );
}

/** The amber note every demo warning uses. */
export function DemoWarning({ children }: { children: ReactNode }) {
  return (
    <p
      role="note"
      className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
    >
      {children}
    </p>
  );
}
