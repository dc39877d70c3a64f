import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { corpusFormatsDir, corpusFormatsMissingReason } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { openZip } from '../read-zip';
import { translateAll } from '../testing/translate-all';
import { parseDocx } from './parse-docx';
import { writeDocx } from './write-docx';

const SOFFICE = '/usr/bin/soffice';
const BOOK = 'en-devils-dictionary-pandoc.docx';
const run = promisify(execFile);
const missing =
  corpusFormatsMissingReason() ??
  (existsSync(SOFFICE) ? null : `skipped: ${SOFFICE} is absent (LibreOffice not installed)`);
if (missing) console.log(`docx soffice: ${missing}`);

// LibreOffice is the independent judge here: it must open the written document and show the
// translation, with the original's tables, lists and links around it.
describe.skipIf(missing !== null)('a translated DOCX in LibreOffice', () => {
  it(`opens the bilingual translation of ${BOOK} and shows its marker words and its original words`, async () => {
    const source = new Uint8Array(readFileSync(path.join(corpusFormatsDir, BOOK)));
    const book = await parseDocx(source, { filename: BOOK });
    // The book's own language: styles.xml must come out byte for byte.
    const translated = translateAll(
      book,
      (text) => text.replace(/\p{L}+/gu, (w) => `Zq${w}`),
      book.metadata.language ?? 'en',
    );
    const written = await writeDocx(translated, { layout: 'bilingual' });
    const [before, after] = [openZip(source), openZip(written)];
    for (const name of ['word/styles.xml', 'word/numbering.xml', 'word/media/rId20.svg'])
      expect(after.raw(after.get(name)!)).toEqual(before.raw(before.get(name)!));
    const dir = mkdtempSync(path.join(tmpdir(), 'docx-soffice-'));
    try {
      const file = path.join(dir, 'translated.docx');
      writeFileSync(file, written);
      await run(
        SOFFICE,
        [
          `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
          '--headless',
          '--convert-to',
          'txt:Text (encoded):UTF8',
          '--outdir',
          dir,
          file,
        ],
        { timeout: 100_000 },
      );
      const text = readFileSync(path.join(dir, 'translated.txt'), 'utf8');
      const markers = text.match(/Zq\p{L}+/gu) ?? [];
      console.log(JSON.stringify({ book: BOOK, txtChars: text.length, markerWords: markers.length }));
      for (const phrase of [
        'ZqAbasement',
        'ZqThe ZqDevil’Zqs ZqDictionary',
        'ZqStandard ZqEbooks',
        'Abasement',
      ])
        expect(text).toContain(phrase);
      expect(markers.length).toBeGreaterThan(50_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
