// The reader's filters and search limit (GET …/passages/search/). No zod here: the web app imports
// this file on its own (`@booktranslate/contract/passage-filters`) to keep the schemas out of its bundle.

/** The reader's filters across the whole book: not translated, flagged, and changed by the owner. */
export const passageFilters = ['untranslated', 'flagged', 'edited'] as const;
export type PassageFilterName = (typeof passageFilters)[number];

/** The most passages one search answers; `total` says how many matched in all. */
export const PASSAGE_SEARCH_LIMIT = 100;

/** True for one of the filters' names (an address's `?show=` is checked with it). */
export const isPassageFilter = (value: unknown): value is PassageFilterName =>
  (passageFilters as readonly unknown[]).includes(value);
