import type { BlockLayout, LaidOutBlock } from './block-layout';
import { BlockBuilder } from './build-block';
import { buildFb2Inline } from './build-fb2-inline';
import type { BlockKind, Chapter, TocEntry } from './model';
import { attr, elements, textOf, type XmlElement } from './parse-xml-tree';
import { checkBlocks, checkChapters, checkText } from './structure-limits';

/** Walks FB2 bodies into chapters; one instance per book so group numbers stay unique. */
export class Fb2BodyReader {
  readonly chapters: Chapter[] = [];
  readonly toc: TocEntry[] = [];
  private chapter: Chapter | null = null;
  private nextGroup = 1;
  private blocks = 0;
  private chars = 0;

  constructor(private readonly noteIds: Set<string>) {}

  /** The main text: body title and epigraphs as a front chapter, then one chapter per top-level section. */
  readBody(body: XmlElement): void {
    const front = elements(body).filter((el) => el.name !== 'section');
    if (front.some((el) => textOf(el) !== '' || el.name === 'image')) {
      this.startChapter();
      for (const el of front) this.readSectionChild(el, 1, []);
    }
    for (const section of elements(body, 'section')) {
      const title = titleText(section);
      this.startChapter(title);
      this.readSection(section, 1, this.toc);
    }
  }

  /** A notes body: every section with an id is one note; its title (the note's number) is dropped. */
  readNotes(body: XmlElement): void {
    const chapter = this.startChapter(titleText(body) || undefined, 'notes');
    const visit = (section: XmlElement) => {
      const id = attr(section, 'id');
      const before = chapter.blocks.length;
      for (const el of elements(section)) {
        if (el.name === 'section') visit(el);
        else if (el.name !== 'title') this.readContent(el, 'note', 1);
      }
      const first = chapter.blocks[before];
      if (id && first) Object.assign(first, { noteId: id, anchor: id });
    };
    for (const section of elements(body, 'section')) visit(section);
  }

  private startChapter(title?: string, role: Chapter['role'] = 'body'): Chapter {
    const chapter: Chapter = {
      id: `c${this.chapters.length + 1}`,
      role,
      blocks: [],
      ...(title ? { title } : {}),
    };
    this.chapters.push(chapter);
    checkChapters(this.chapters.length);
    this.chapter = chapter;
    return chapter;
  }

  private readSection(section: XmlElement, depth: number, toc: TocEntry[]): void {
    const id = attr(section, 'id');
    const title = elements(section, 'title')[0];
    const children: TocEntry[] = [];
    if (title) {
      const first = this.addTitle(title, Math.min(depth, 5), id);
      const chapter = this.chapter as Chapter;
      const label = titleText(section);
      if (label)
        toc.push({ title: label, chapterId: chapter.id, ...(first ? { anchor: first } : {}), children });
    }
    for (const el of elements(section)) {
      if (el.name === 'title') continue;
      if (el.name === 'section') this.readSection(el, depth + 1, title ? children : toc);
      else this.readSectionChild(el, depth, toc);
    }
  }

  private readSectionChild(el: XmlElement, depth: number, _toc: TocEntry[]): void {
    if (el.name === 'title') this.addTitle(el, 1, undefined);
    else if (el.name === 'epigraph') this.readContent(el, 'epigraph', depth);
    else if (el.name === 'annotation') this.readContent(el, 'paragraph', depth);
    else this.readContent(el, 'paragraph', depth);
  }

  // Title paragraphs become headings; the first carries the section id (or a made-up one) as anchor.
  private addTitle(title: XmlElement, level: number, id: string | undefined): string | undefined {
    let anchor: string | undefined;
    for (const p of elements(title, 'p')) {
      const block = this.addBlock(p, 'heading', {}, { level });
      if (block && !anchor) {
        anchor = id ?? `${block.id.replace('.', '-')}`;
        block.anchor = anchor;
      }
    }
    return anchor;
  }

  /** Block content of any container; `kind` is what plain paragraphs inside it become. */
  private readContent(el: XmlElement, kind: BlockKind, depth: number, layout: BlockLayout = {}): void {
    switch (el.name) {
      case 'p':
        this.addBlock(el, kind, layout);
        return;
      case 'subtitle':
        this.addBlock(el, 'heading', layout, { level: 6 });
        return;
      case 'text-author':
        this.addBlock(el, kind, { ...layout, role: 'text-author' });
        return;
      case 'image':
        this.addImage(el, layout);
        return;
      case 'poem':
        this.readPoem(el, kind === 'note' ? 'note' : 'poem-line', depth);
        return;
      case 'cite':
      case 'epigraph': {
        const group = this.nextGroup++;
        const inner: BlockKind = kind === 'note' ? 'note' : el.name === 'cite' ? 'blockquote' : 'epigraph';
        for (const child of elements(el)) this.readContent(child, inner, depth, { group });
        return;
      }
      case 'table':
        this.readTable(el, kind === 'note' ? 'note' : 'table-cell');
        return;
      case 'empty-line':
        return;
      default:
        // Unknown containers (annotation, impostor elements): read what they hold as paragraphs.
        if (elements(el).some((c) => c.name === 'p'))
          for (const c of elements(el)) this.readContent(c, kind, depth, layout);
        else if (textOf(el) !== '') this.addBlock(el, kind, layout);
    }
  }

  private readPoem(poem: XmlElement, kind: BlockKind, depth: number): void {
    const group = this.nextGroup++;
    let stanza = 0;
    for (const el of elements(poem)) {
      if (el.name === 'title')
        for (const p of elements(el, 'p')) this.addBlock(p, kind, { group, role: 'title' });
      else if (el.name === 'epigraph') this.readContent(el, 'epigraph', depth);
      else if (el.name === 'stanza') {
        stanza++;
        for (const v of elements(el)) {
          if (v.name === 'title')
            for (const p of elements(v, 'p')) this.addBlock(p, kind, { group, stanza, role: 'title' });
          else this.addBlock(v, kind, { group, stanza });
        }
      } else if (el.name === 'date') this.addBlock(el, kind, { group, role: 'date' });
      else
        this.addBlock(el, kind, {
          group,
          ...(el.name === 'text-author' ? { role: 'text-author' as const } : {}),
        });
    }
  }

  private readTable(table: XmlElement, kind: BlockKind): void {
    const group = this.nextGroup++;
    elements(table, 'tr').forEach((tr, row) => {
      for (const cell of elements(tr))
        this.addBlock(cell, kind, { group, row, header: cell.name === 'th' }, {}, true);
    });
  }

  private addImage(el: XmlElement, layout: BlockLayout): void {
    const builder = new BlockBuilder();
    builder.empty({ kind: 'image', tag: 'image', href: (attr(el, 'href') ?? '').replace(/^#/, '') });
    this.push(builder, 'paragraph', layout, attr(el, 'id'));
  }

  private addBlock(
    el: XmlElement,
    kind: BlockKind,
    layout: BlockLayout,
    extra: { level?: number } = {},
    keepEmpty = false,
  ): LaidOutBlock | null {
    const builder = new BlockBuilder();
    buildFb2Inline(builder, el, this.noteIds);
    if (!keepEmpty && !builder.hasContent && !builder.finish().text.includes('<x')) return null;
    return this.push(builder, kind, layout, attr(el, 'id'), extra.level);
  }

  private push(
    builder: BlockBuilder,
    kind: BlockKind,
    layout: BlockLayout,
    id?: string,
    level?: number,
  ): LaidOutBlock {
    const chapter = this.chapter ?? this.startChapter();
    const built = builder.finish();
    const block: LaidOutBlock = {
      id: `${chapter.id}.b${chapter.blocks.length + 1}`,
      kind,
      text: built.text,
      inlines: built.inlines,
    };
    if (level) block.level = level;
    if (id) block.anchor = id;
    if (Object.keys(layout).length > 0) block.layout = layout;
    chapter.blocks.push(block);
    checkBlocks(++this.blocks);
    this.chars += block.text.length;
    checkText(this.chars);
    return block;
  }
}

function titleText(el: XmlElement): string {
  const title = el.name === 'title' ? el : elements(el, 'title')[0];
  return title ? elements(title, 'p').map(textOf).filter(Boolean).join(' ') : '';
}
