import type { PassageFlag } from '@booktranslate/contract';

const LABELS: Record<PassageFlag['reason'], string> = {
  untranslated: 'Not translated',
  source_language: 'Source language',
  glossary: 'Glossary',
  length: 'Unusual length',
  chatter: 'Leftover commentary',
  reported: 'Reported',
  repaired: 'Repaired',
};

/** The badge text of a flag's reason: the words say it, the colour only repeats it. */
export function flagLabel(reason: PassageFlag['reason']): string {
  return LABELS[reason];
}
