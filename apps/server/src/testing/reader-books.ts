import { plainText, readBook } from '@booktranslate/ebook';
import { expect } from 'vitest';
import type { PipelineHarness, TestUser } from './pipeline-test-kit';

/**
 * An FB2 book for the reader's tests: emphasis, bold, an outside link, a javascript: link, a line
 * break... and a note reference to a notes body, in two chapters, with "Mara" in several passages,
 * and a passage without words (a year).
 */
export function readerTestFb2(): Uint8Array {
  const xml = `<?xml version="1.0" encoding="utf-8"?>
<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" xmlns:l="http://www.w3.org/1999/xlink">
<description><title-info><genre>prose</genre><author><first-name>Test</first-name><last-name>Author</last-name></author>
<book-title>The Mill</book-title><lang>en</lang></title-info>
<document-info><author><nickname>test</nickname></author><id>reader-test-1</id><version>1.0</version></document-info></description>
<body>
<section><title><p>The River</p></title>
<p>The river was <emphasis>very</emphasis> high that <strong>cold</strong> spring morning in the valley.</p>
<p>Read the <a l:href="https://example.com/river">river report</a> and the <a l:href="javascript:alert(1)">other report</a> before you go.</p>
<p>Later that day Mara walked to the mill<a l:href="#n1" type="note">1</a> before the bells rang at noon.</p>
<p>Nobody in the village could remember a spring as cold as this one, said the old miller.</p>
</section>
<section><title><p>The Mill</p></title>
<p>The wheel of the mill turned slowly in the brown water all through the long afternoon.</p>
<p>In the evening Mara came home across the wet fields and sat down by the fire.</p>
<p>1916</p>
</section>
</body>
<body name="notes"><section id="n1"><title><p>1</p></title><p>An old water mill, built by the monks long ago.</p></section></body>
</FictionBook>`;
  return new TextEncoder().encode(xml);
}

type Client = { get(url: string): Promise<{ statusCode: number; rawPayload: Buffer; body: string }> };

/** Every downloadable file of a translation as its visible text, one string per format. */
export async function downloadedTexts(client: Client, id: string): Promise<Record<string, string>> {
  const files = {
    epub: 'file_format=epub',
    fb2: 'file_format=fb2',
    txt: 'file_format=txt',
    bilingual: 'file_format=epub&layout=bilingual',
  } as const;
  const texts: Record<string, string> = {};
  for (const [name, query] of Object.entries(files)) {
    const response = await client.get(`/translations/${id}/download-file/?${query}`);
    if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
    const bytes = new Uint8Array(response.rawPayload);
    if (name === 'txt') texts[name] = new TextDecoder().decode(bytes);
    else {
      const book = await readBook(bytes, { filename: `book.${name === 'fb2' ? 'fb2' : 'epub'}` });
      texts[name] = book.chapters
        .flatMap((c) => c.blocks.map((b) => plainText(b.original ? `${b.original}\n${b.text}` : b.text)))
        .join('\n');
    }
  }
  return texts;
}

/** A new Reader-plan user whose translation of `readerTestFb2()` has completed; answers both. */
export async function translatedReaderBook(h: PipelineHarness): Promise<{ owner: TestUser; id: string }> {
  const owner = await h.newUser({ READER: 1 });
  const upload = await owner.upload('mill.fb2', readerTestFb2());
  expect(upload.statusCode, upload.body).toBe(201);
  const id: string = upload.json().data.translation.id;
  expect((await h.followStatuses(owner, id)).at(-1)).toBe('completed');
  return { owner, id };
}

const VALLEY_LINES = [
  'The morning was grey and the river ran high under the old stone bridge.',
  'A cart came slowly down the lane, its wheels loud on the wet cobbles.',
  'Nobody in the village could remember a spring as cold as this one.',
  'The miller stood at his door and watched the clouds gather over the hills.',
  'In the evening the children came home across the fields with muddy boots.',
];

/** A plain-text book of about 6,600 words in eight chapters: longer than a Free credit's 5,000. */
export function longTxtBook(): Uint8Array {
  const parts = ['The Long Valley'];
  for (let c = 1; c <= 8; c++) {
    parts.push(`CHAPTER ${c}`);
    for (let p = 0; p < 10; p++) {
      const sentences = VALLEY_LINES.map((_, i) => VALLEY_LINES[(c + p + i) % VALLEY_LINES.length]);
      parts.push(`${sentences.join(' ')} It was day ${c * 100 + p} of the long year.`);
    }
  }
  return new TextEncoder().encode(parts.join('\n\n'));
}
