const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/**
 * The words of a text as a bag (word -> count), NFC-normalised and case-folded unless `keepCase`
 * (to tell a translated word from the source word it replaced when only the case differs).
 */
export function wordBag(text: string, options: { keepCase?: boolean } = {}): Map<string, number> {
  const bag = new Map<string, number>();
  for (const segment of segmenter.segment(text.normalize('NFC'))) {
    if (!segment.isWordLike) continue;
    const word = options.keepCase ? segment.segment : segment.segment.toLowerCase();
    bag.set(word, (bag.get(word) ?? 0) + 1);
  }
  return bag;
}

/** How many of `source`'s words `output` has (each occurrence counted once), and the most missed. */
export function compareBags(source: Map<string, number>, output: Map<string, number>) {
  let total = 0;
  let kept = 0;
  const missing: [string, number][] = [];
  for (const [word, count] of source) {
    total += count;
    const have = Math.min(count, output.get(word) ?? 0);
    kept += have;
    if (have < count) missing.push([word, count - have]);
  }
  missing.sort((a, b) => b[1] - a[1]);
  return { total, kept, missing };
}
