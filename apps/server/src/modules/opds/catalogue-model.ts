/** A link of a feed or an entry, as both OPDS versions carry it. */
export interface CatalogueLink {
  rel: string;
  href: string;
  type: string;
  title?: string;
  /** OPDS 2.0: the href is a URI template (the search link). */
  templated?: boolean;
}

/** An entry of a navigation feed: a way into part of the catalogue. */
export interface NavigationItem {
  id: string;
  title: string;
  summary: string;
  href: string;
  kind: 'navigation' | 'acquisition';
  /** `subsection`, or `http://opds-spec.org/sort/new` for the recent translations. */
  rel: string;
  updated: Date;
}

/** A finished translation as a catalogue entry shows it. */
export interface Publication {
  /** The translation's id. */
  id: string;
  title: string;
  authors: string[];
  language: string;
  summary: string;
  /** Set for a Free preview: the label shown with it. */
  preview: string | null;
  updated: Date;
  published: Date | null;
  cover: { href: string; type: string } | null;
  acquisitions: CatalogueLink[];
}

/** One feed of the catalogue, before it is written as Atom (OPDS 1.2) or JSON (OPDS 2.0). */
export interface CatalogueFeed {
  /** Stable per feed and page (`urn:booktranslate:opds:recent:1`); Atom's id. */
  id: string;
  title: string;
  kind: 'navigation' | 'acquisition';
  updated: Date;
  /** self, start, up, search and the page links. */
  links: CatalogueLink[];
  navigation: NavigationItem[];
  publications: Publication[];
  paging: { page: number; perPage: number; total: number } | null;
}
