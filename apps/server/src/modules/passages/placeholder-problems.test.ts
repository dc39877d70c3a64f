import { placeholderEdits } from '@booktranslate/contract/testing/placeholder-edits';
import { describe, expect, it } from 'vitest';
import { placeholderProblem } from './placeholder-problems';
import type { ReaderInline } from './reader-book';

const { source, kinds, edits } = placeholderEdits;
const inlines = new Map<number, ReaderInline>(
  Object.entries(kinds).map(([n, kind]) => [
    Number(n),
    { n: Number(n), kind, href: null, label: null, image: null },
  ]),
);

describe('placeholderProblem', () => {
  it.each(edits)('answers the edit table: $name', ({ target, message }) => {
    expect(placeholderProblem(source, target, inlines)?.message ?? null).toBe(message);
  });
});
