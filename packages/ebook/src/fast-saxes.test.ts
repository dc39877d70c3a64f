import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { FastSaxesParser } from './fast-saxes';

// Every event, its position and every error must be exactly what stock saxes reports.
function trace(Parser: typeof SaxesParser, xml: string): string[] {
  const out: string[] = [];
  const parser = new Parser({ position: true });
  const at = () => `@${parser.position}:${parser.line}:${parser.column}`;
  parser.on('text', (t) => out.push(`text ${JSON.stringify(t)} ${at()}`));
  parser.on('opentag', (t) => out.push(`open ${t.name} ${JSON.stringify(t.attributes)} ${at()}`));
  parser.on('closetag', (t) => out.push(`close ${t.name} ${at()}`));
  parser.on('cdata', (t) => out.push(`cdata ${JSON.stringify(t)} ${at()}`));
  parser.on('comment', (t) => out.push(`comment ${JSON.stringify(t)} ${at()}`));
  parser.on('error', (e) => out.push(`error ${e.message} ${at()}`));
  parser.write(xml).close();
  return out;
}

const CASES = [
  '<p>Plain words, then <i>inline</i> markup and a tail.</p>',
  '<p>\n\t\tIndented\n\t\tlines\r\nwith CRLF\rand CR</p>',
  '<p>Entities &amp; &lt;b&gt; &#x2014; &#8212; &nbsp; mid&amp;word</p>',
  '<p>Brackets ] and ]] and ]]] then ]]&gt; fine</p>',
  '<p>Forbidden ]]> here</p>',
  '<p>Astral 😀 and CJK 漢字 and Cyrillic ещё, private \ue000</p>',
  '<p>Control \u0001 character</p>',
  '<p>Non-character \uffff here</p>',
  '<p>Lone surrogate \ud800 here</p>',
  '<p>Tabs\tand\tspaces   and > signs</p>',
  '<p>Comment <!-- note --> and <![CDATA[raw <b> ]]> data</p>',
  '<p>Unclosed <b>bold</p>',
  'text before <root>in</root> after',
  '<p>ends in a trailing CR\r',
  `<p>${'long plain run '.repeat(500)}<br/>${'x'.repeat(3000)}</p>`,
];

describe('FastSaxesParser', () => {
  it.each(CASES)('reports what saxes reports for %j', (xml) => {
    const expected = trace(SaxesParser, xml);
    expect(expected.length).toBeGreaterThan(0);
    expect(trace(FastSaxesParser as typeof SaxesParser, xml)).toEqual(expected);
  });

  it('reports the same for documents fed in several chunks', () => {
    const xml = '<p>one two\r\nthree &amp; four ]]five</p>';
    const chunked = (Parser: typeof SaxesParser) => {
      const out: string[] = [];
      const parser = new Parser({ position: true });
      parser.on('text', (t) => out.push(`${t}@${parser.position}:${parser.column}`));
      for (let i = 0; i < xml.length; i += 7) parser.write(xml.slice(i, i + 7));
      parser.close();
      return out;
    };
    expect(chunked(FastSaxesParser as typeof SaxesParser)).toEqual(chunked(SaxesParser));
  });
});
