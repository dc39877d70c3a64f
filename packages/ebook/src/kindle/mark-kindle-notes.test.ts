import { describe, expect, it } from 'vitest';
import type { Block, Chapter } from '../model';
import { markKindleNotes } from './mark-kindle-notes';

const link = (n: number, href: string) => ({ n, kind: 'link' as const, empty: false, href });
const block = (id: string, text: string, extra: Partial<Block> = {}): Block => ({
  id,
  kind: 'paragraph',
  text,
  inlines: [],
  ...extra,
});

// A story, its inline TOC, and a notes section as calibre writes one: an empty anchor, a label, the note.
function book(): Chapter[] {
  return [
    {
      id: 'c1',
      blocks: [
        block('c1.b1', 'I', { kind: 'heading', level: 2, anchor: 'ch1' }),
        block('c1.b2', 'He said so.<g1><g2>1</g2></g1> Then he left.<g3>*</g3>', {
          inlines: [link(1, 'c3#note_1'), { n: 2, kind: 'superscript', empty: false }, link(3, 'c3#t_1')],
        }),
        block('c1.b3', 'See chapter <g1>2</g1> for the rest.', { inlines: [link(1, 'c2#ch2')] }),
      ],
    },
    {
      id: 'c2',
      blocks: [
        block('c2.b1', 'II', { kind: 'heading', level: 2, anchor: 'ch2' }),
        ...Array.from({ length: 30 }, (_, i) => block(`c2.b${i + 2}`, `Story paragraph ${i}.`)),
        block('c2.b99', '<g1>I</g1>', { kind: 'list-item', inlines: [link(1, 'c1#ch1')] }),
      ],
    },
    {
      id: 'c3',
      blocks: [
        block('c3.b1', 'Notes', { kind: 'heading', level: 1 }),
        block('c3.b2', '1', { kind: 'heading', level: 5, anchor: 'TOC_1', aliases: ['note_1'] }),
        block('c3.b3', 'A weekly paper.'),
        block('c3.b4', 'Its editor.'),
        block('c3.b5', '*', { kind: 'heading', level: 5, aliases: ['t_1'] }),
        block('c3.b6', 'He laughs (French).'),
      ],
    },
  ];
}

describe('markKindleNotes', () => {
  it('turns label links in prose into note references, and their targets into notes', () => {
    const chapters = book();
    markKindleNotes(chapters);
    const [story, , notes] = chapters;
    expect(story?.blocks[1]?.inlines.map((t) => t.kind)).toEqual(['noteref', 'superscript', 'noteref']);
    expect(notes?.blocks.map((b) => [b.kind, b.noteId])).toEqual([
      ['heading', undefined],
      ['note', 'note_1'],
      ['note', 'note_1'],
      ['note', 'note_1'],
      ['note', 't_1'],
      ['note', 't_1'],
    ]);
    expect(notes?.blocks[1]?.level).toBeUndefined();
  });

  it('leaves a TOC entry and a cross-reference to a whole chapter as links', () => {
    const chapters = book();
    markKindleNotes(chapters);
    const [story, second] = chapters;
    expect(second?.blocks.at(-1)?.inlines[0]?.kind).toBe('link');
    expect(story?.blocks[2]?.inlines[0]?.kind).toBe('link');
    expect(second?.blocks.some((b) => b.kind === 'note')).toBe(false);
    expect(story?.blocks[0]?.kind).toBe('heading');
  });
});
