import type { PassageRetranslations } from '@booktranslate/contract';
import { createContext, useContext } from 'react';

/** What the editor and the re-translate form need of the open chapter (rows get plain props). */
export interface ReaderInfo {
  translationId: string;
  chapter: number;
  targetLanguage: string;
  targetDirection: 'ltr' | 'rtl';
  retranslations: PassageRetranslations;
}

export const ReaderContext = createContext<ReaderInfo | null>(null);

export function useReader(): ReaderInfo {
  const info = useContext(ReaderContext);
  if (!info) throw new Error('useReader outside the reader');
  return info;
}

/** "3 of 20 re-translations left". */
export function allowanceText({ used, limit }: Pick<PassageRetranslations, 'used' | 'limit'>): string {
  const left = Math.max(0, limit - used);
  return `${left} of ${limit} re-translation${limit === 1 ? '' : 's'} left`;
}
