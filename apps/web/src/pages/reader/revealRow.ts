/** Frames a reveal keeps checking at most: the loop always ends. */
const MAX_FRAMES = 30;
/** Frames the row must stay in view before the reveal lets go. */
const SETTLED_FRAMES = 2;

/**
 * Scrolls a passage into view and keeps it there. Rows are drawn lazily (`content-visibility:
 * auto`, an estimated height until drawn once), so a scroll to a row far down lands by the
 * estimates and the rows drawn on arrival push it off the screen (by thousands of pixels in a long
 * chapter), and a smooth scroll (the page's default) aims at where the passage was when it began.
 * Scrolls here are instant, and a jump (`center`) has every row of the list drawn for one frame, so each
 * keeps its true height from then on, scrolls on their real layout, then checks for a few frames
 * that the passage stays in view, scrolling again if not. A newer reveal (`signal`) ends an older one.
 * @example revealRow(row, 'center', controller.signal)
 */
export function revealRow(row: HTMLElement, block: ScrollLogicalPosition, signal?: AbortSignal): void {
  // The list's rows are all drawn while it carries data-reveal (PassageList's class says so).
  const list = block === 'center' ? row.parentElement : null;
  list?.setAttribute('data-reveal', '');
  const done = () => list?.removeAttribute('data-reveal');
  row.scrollIntoView?.({ block, behavior: 'instant' });
  if (typeof requestAnimationFrame !== 'function') {
    done();
    return;
  }
  let frames = 0;
  let settled = 0;
  const check = () => {
    if (frames === 1) done();
    if (signal?.aborted || !row.isConnected || ++frames > MAX_FRAMES) {
      done();
      return;
    }
    const { top, bottom } = row.getBoundingClientRect();
    const height = window.innerHeight || document.documentElement.clientHeight;
    // In view: its top on the screen, and its bottom too unless it is taller than the screen.
    const inView = top >= 0 && top < height && (bottom <= height || bottom - top > height);
    if (inView) settled++;
    else {
      settled = 0;
      row.scrollIntoView?.({ block, behavior: 'instant' });
    }
    if (settled < SETTLED_FRAMES || frames < 2) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}
