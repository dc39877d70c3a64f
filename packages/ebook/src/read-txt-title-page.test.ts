import { describe, expect, it } from 'vitest';
import { parseTxt } from './parse-txt';
import { readTxtTitlePage } from './read-txt-title-page';

const crlf = (lines: string[]) => new TextEncoder().encode(lines.join('\r\n'));

const OLIVER_TWIST = [
  '',
  '                              OLIVER TWIST',
  '',
  '                                   OR',
  '',
  "                        THE PARISH BOY'S PROGRESS",
  '',
  '                                   BY',
  '',
  '                             CHARLES DICKENS',
  '',
  '',
  '',
  'CHAPTER I',
  '',
  'TREATS OF THE PLACE WHERE OLIVER TWIST WAS BORN AND OF THE',
  'CIRCUMSTANCES ATTENDING HIS BIRTH',
  '',
  'Among other public buildings in a certain town, which for many reasons',
  'it will be prudent to refrain from mentioning, and to which I will assign',
  'no fictitious name, there is one anciently common to most towns.',
  '',
];

describe('a text book title page', () => {
  it('names a book after its opening lines, not its file (CRLF, "BY" on a line of its own)', async () => {
    const book = await parseTxt(crlf(OLIVER_TWIST), { filename: 'en-dickens-oliver-twist-crlf.txt' });
    expect(book.metadata.title).toBe('Oliver Twist');
    expect(book.metadata.authors).toEqual(['Charles Dickens']);
  });

  it('reads "BY NAME" on one line and joins a title written over two lines', () => {
    expect(readTxtTitlePage("ALICE'S ADVENTURES\nIN WONDERLAND\n\nBY LEWIS CARROLL\n\nCHAPTER I")).toEqual({
      title: "Alice's Adventures in Wonderland",
      author: 'Lewis Carroll',
    });
    expect(readTxtTitlePage('The Time Machine\n\nby H. G. Wells\n\nI.\n\nThe Time Traveller...')).toEqual({
      title: 'The Time Machine',
      author: 'H. G. Wells',
    });
  });

  it('keeps the Title: and Author: header fields first', async () => {
    const text = ['Title: Emma', 'Author: Jane Austen', '', 'EMMA', '', 'BY SOMEONE ELSE', '', 'Text.'];
    const book = await parseTxt(crlf(text), { filename: 'emma.txt' });
    expect(book.metadata).toMatchObject({ title: 'Emma', authors: ['Jane Austen'] });
  });

  it('falls back to the file name when the opening is prose, not a title page', async () => {
    const prose = [
      'It was a bright cold day in April, and the clocks were striking thirteen,',
      'by all accounts a day like any other.',
      '',
      'By the waters of the river we sat down and wept.',
      '',
    ];
    const book = await parseTxt(crlf(prose), { filename: 'story.txt' });
    expect(book.metadata).toMatchObject({ title: 'story', authors: [] });
    expect(readTxtTitlePage('A Title\n\nBy the waters of the river we sat down and wept.')).toBeUndefined();
    expect(readTxtTitlePage('By Charles Dickens\n\nText.')).toBeUndefined();
  });

  it('looks no further than the first 40 lines', () => {
    const late = ['A TITLE', ...Array.from({ length: 45 }, () => ''), 'BY AN AUTHOR'].join('\n');
    expect(readTxtTitlePage(late)).toBeUndefined();
    const early = ['A TITLE', ...Array.from({ length: 30 }, () => ''), 'BY AN AUTHOR'].join('\n');
    expect(readTxtTitlePage(early)).toEqual({ title: 'A Title', author: 'An Author' });
  });
});
