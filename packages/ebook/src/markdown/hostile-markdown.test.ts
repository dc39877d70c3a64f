import { describe, expect, it } from 'vitest';
import { parseMarkdown } from './parse-markdown';

const encode = (text: string) => new TextEncoder().encode(text);

// Each must be refused quickly with 'too-complex', never overflow the stack or run for minutes.
const HOSTILE: Record<string, string> = {
  'quotes nested 10,000 deep': `${'>'.repeat(10_000)} deep\n`,
  'a list nested 50,000 deep on one line': `${'- '.repeat(50_000)}deep\n`,
  'a list nested 300 deep by indentation': Array.from(
    { length: 300 },
    (_, i) => `${' '.repeat(2 * i)}- x`,
  ).join('\n'),
  'a paragraph of 20,000 emphasis openers': `${'*a '.repeat(10_000)}x${' a*'.repeat(10_000)}`,
};

describe('hostile Markdown', () => {
  it.each(Object.entries(HOSTILE))('%s is refused as too complex', async (_name, text) => {
    const started = performance.now();
    await expect(parseMarkdown(encode(text))).rejects.toMatchObject({ code: 'too-complex' });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('reads a long book without blank lines in pieces, keeping every word', async () => {
    const line = 'Word after word the long paragraph runs on and on.';
    const text = `# Title\n\n${Array.from({ length: 2200 }, () => line).join('\n')}\n`;
    const book = await parseMarkdown(encode(text));
    const words = book.chapters
      .flatMap((c) => c.blocks)
      .reduce((sum, b) => sum + b.text.split(/\s+/).filter(Boolean).length, 0);
    expect(words).toBe(1 + 10 * 2200);
  });

  it('resolves footnotes and reference links defined far from where a piece is cut', async () => {
    const filler = Array.from({ length: 2000 }, (_, i) => `Paragraph ${i} has some words in it.`).join(
      '\n\n',
    );
    const text = `See [the site][site] and a note.[^far]\n\n${filler}\n\n[site]: https://example.org\n[^far]: The far note.\n`;
    const book = await parseMarkdown(encode(text));
    const first = book.chapters[0]?.blocks[0];
    expect(first?.inlines.map((t) => [t.kind, t.href])).toEqual([
      ['link', 'https://example.org'],
      ['noteref', `${book.chapters.at(-1)?.id}#fn-far`],
    ]);
    expect(book.chapters.at(-1)?.blocks[0]?.text).toBe('The far note.');
  });
});
