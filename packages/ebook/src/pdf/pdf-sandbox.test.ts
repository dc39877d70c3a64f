import { makeTinyPdf } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { readBookSandboxed } from '../sandbox';

describe('a PDF in the book sandbox', () => {
  // From TypeScript sources the child spends some seconds on tsx transforming pdf.js: one read only.
  it('reads in the child process, pdf.js working in its one thread', async () => {
    const book = await readBookSandboxed(makeTinyPdf(), { filename: 'tiny.pdf' });
    expect(book.format).toBe('pdf');
    expect(book.chapters.map((c) => c.title)).toEqual(['Chapter One', 'Chapter Two']);
  }, 60_000);
});
