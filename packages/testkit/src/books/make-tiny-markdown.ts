/** The Markdown of the tiny book, line by line. */
const LINES = [
  '---',
  'title: A Tiny Book',
  'author: Test Author',
  'lang: en',
  '---',
  '',
  '# A Tiny Book',
  '',
  '## Chapter 1. The Letter',
  '',
  'Anna Petrovna lived in *Moscow* with her brother **Ivan**.',
  '',
  'One morning a letter arrived from [Paris](https://example.org/paris "Paris"); the note said',
  'to run `make letter --all` first.[^1]',
  '',
  '- Bread and *salt*',
  '- A ticket to [the next chapter](#chapter-2-the-journey)',
  '',
  '> “Read it to me,” said Ivan,  ',
  '> and Anna opened it slowly.',
  '',
  '```python',
  'def greet(name):',
  '    return f"Hello, {name}! *not emphasis*"',
  '```',
  '',
  '## Chapter 2. The Journey',
  '',
  'Three days later Anna left Moscow for Paris by train.',
  '',
  'Ivan stayed behind; he did not like trains — or Paris.',
  '',
  '[^1]: The letter was written in *French*.',
  '',
];

/**
 * A small Markdown book: front matter, a title heading, two chapters with emphasis, strong text,
 * links (one to a heading), inline code, a list, a quote with a hard line break, a fenced code
 * block and a footnote.
 * @example new TextDecoder().decode(makeTinyMarkdown()).includes('# A Tiny Book') // true
 */
export function makeTinyMarkdown(): Uint8Array {
  return new TextEncoder().encode(LINES.join('\n'));
}
