/** ISO 639-1 to 639-3 for the languages Apertium and franc name by three letters. */
const TABLE: Record<string, string> = {
  af: 'afr',
  ar: 'ara',
  be: 'bel',
  bg: 'bul',
  br: 'bre',
  ca: 'cat',
  cs: 'ces',
  cy: 'cym',
  da: 'dan',
  de: 'deu',
  el: 'ell',
  en: 'eng',
  eo: 'epo',
  es: 'spa',
  et: 'est',
  eu: 'eus',
  fa: 'fas',
  fi: 'fin',
  fr: 'fra',
  ga: 'gle',
  gl: 'glg',
  he: 'heb',
  hi: 'hin',
  hr: 'hrv',
  hu: 'hun',
  hy: 'hye',
  id: 'ind',
  is: 'isl',
  it: 'ita',
  ja: 'jpn',
  ka: 'kat',
  kk: 'kaz',
  ko: 'kor',
  la: 'lat',
  lt: 'lit',
  lv: 'lav',
  mk: 'mkd',
  ms: 'msa',
  mt: 'mlt',
  nb: 'nob',
  nl: 'nld',
  nn: 'nno',
  no: 'nor',
  oc: 'oci',
  pl: 'pol',
  pt: 'por',
  ro: 'ron',
  ru: 'rus',
  sk: 'slk',
  sl: 'slv',
  sq: 'sqi',
  sr: 'srp',
  sv: 'swe',
  sw: 'swa',
  th: 'tha',
  tr: 'tur',
  uk: 'ukr',
  ur: 'urd',
  uz: 'uzb',
  vi: 'vie',
  yi: 'yid',
  zh: 'cmn',
};

const REVERSE: Record<string, string> = Object.fromEntries(Object.entries(TABLE).map(([a, b]) => [b, a]));
REVERSE.zho = 'zh';
REVERSE.pes = 'fa';
REVERSE.arb = 'ar';
REVERSE.nld = 'nl';

export function toIso3(code: string): string {
  const base = code.split('-')[0]?.toLowerCase() ?? code;
  return TABLE[base] ?? base;
}

/** franc's ISO 639-3 result as a BCP 47 base code, or undefined when unknown. */
export function fromIso3(code: string): string | undefined {
  return REVERSE[code];
}
