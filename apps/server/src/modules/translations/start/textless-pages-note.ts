/**
 * The quote's sentence on a PDF's pages without text (a picture, a scanned page): runs of pages are
 * joined, and past eight runs the rest are counted.
 * @example textlessPagesNote([3, 7, 12, 13, 14, 15])
 *   // 'Pages 3, 7 and 12-15 hold no text (a picture or a scanned page): anything written on them is not translated.'
 */
export function textlessPagesNote(pages: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < pages.length; ) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === (pages[j] ?? 0) + 1) j++;
    runs.push(j > i ? `${pages[i]}-${pages[j]}` : `${pages[i]}`);
    i = j + 1;
  }
  const shown = runs.slice(0, 8);
  const more = runs.length - shown.length;
  const list =
    more > 0
      ? `${shown.join(', ')} and ${more} more`
      : shown.length > 1
        ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`
        : shown[0];
  const one = pages.length === 1;
  return `${one ? 'Page' : 'Pages'} ${list} ${one ? 'holds' : 'hold'} no text (a picture or a scanned page): anything written on ${one ? 'it' : 'them'} is not translated.`;
}
