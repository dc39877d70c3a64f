/**
 * One piece of text as it sits on the page, in PDF units with y growing upwards (the baseline).
 * `sup` marks a raised, smaller run: a note marker.
 */
export interface PdfRun {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
  sup?: boolean;
}

/** A line of text on one page, its runs in reading order. */
export interface PdfLine {
  /** Page number from 1. */
  page: number;
  /** Column on its page (0 for one column, or for text across both columns). */
  column: number;
  y: number;
  x0: number;
  x1: number;
  /** The type size most of its characters have. */
  size: number;
  text: string;
  /** Kept only for lines that hold a raised run (a note marker). */
  runs?: PdfRun[];
  /** The left and right edges of its column on this page. */
  left: number;
  right: number;
}
