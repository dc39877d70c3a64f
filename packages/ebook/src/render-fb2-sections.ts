import { bilingualPair } from './bilingual-pair';
import { layoutOf } from './block-layout';
import { escapeXmlText } from './escape-xml';
import type { Block } from './model';
import type { Layout } from './options';
import type { Fb2Item, Fb2Section } from './plan-fb2-sections';
import { splitVerseLines } from './split-verse-lines';
import { type Fb2InlineContext, renderFb2Inline } from './write-fb2-inline';

/** Renders planned sections and items as FB2 XML, each block once or twice for bilingual layouts. */
export class Fb2SectionRenderer {
  constructor(
    private readonly ctx: Fb2InlineContext,
    private readonly layout: Layout = 'translated',
  ) {}

  section(section: Fb2Section): string {
    // Parts joined once: a flat string, not a deep chain of concatenations to flatten later.
    const out: string[] = ['<section>'];
    if (section.title.length > 0)
      out.push(`<title>${section.title.map((b) => this.para('p', b)).join('')}</title>`);
    for (const epigraph of section.epigraphs) out.push(this.item(epigraph, 'epigraph'));
    const hasSections = section.items.some((item) => 'level' in item);
    const hasBlocks = section.items.some((item) => !('level' in item));
    if (!hasSections && !hasBlocks) out.push('<empty-line/>');
    // FB2 sections hold either sections or paragraphs: text beside subsections goes in untitled ones.
    let run: Fb2Item[] = [];
    const flush = () => {
      if (run.length > 0) out.push(`<section>${run.map((item) => this.item(item)).join('')}</section>`);
      run = [];
    };
    for (const item of section.items) {
      if ('level' in item) {
        flush();
        out.push(this.section(item));
      } else if (hasSections) run.push(item);
      else out.push(this.item(item));
    }
    flush();
    out.push('</section>');
    return out.join('');
  }

  /** One paragraph-level item; `as` overrides the container element (epigraphs at a section's top). */
  item(item: Fb2Item, as?: 'epigraph'): string {
    const type = as ?? item.type;
    if (type === 'block')
      return item.blocks.map((b) => this.para(b.kind === 'heading' ? 'subtitle' : 'p', b)).join('');
    if (type === 'poem') return this.poem(item.blocks);
    if (type === 'table') return this.table(item.blocks);
    const authors = item.blocks.filter((b) => layoutOf(b).role === 'text-author');
    const body = item.blocks.filter((b) => layoutOf(b).role !== 'text-author');
    const inner =
      body.map((b) => this.para('p', b)).join('') || (authors.length === 0 ? '<empty-line/>' : '');
    return `<${type}>${inner}${authors.map((b) => this.para('text-author', b)).join('')}</${type}>`;
  }

  private poem(blocks: Block[]): string {
    const title = blocks.filter((b) => layoutOf(b).role === 'title' && layoutOf(b).stanza === undefined);
    const tail = blocks.filter((b) => layoutOf(b).role === 'text-author' || layoutOf(b).role === 'date');
    const lines = blocks.filter((b) => !title.includes(b) && !tail.includes(b));
    const stanzas = new Map<number | string, Block[]>();
    for (const line of lines) {
      // A block of several lines (a stanza broken by <br/>) is a stanza of its own.
      const own = line.inlines.some((tag) => tag.kind === 'linebreak') ? line.id : 0;
      const key = layoutOf(line).stanza ?? own;
      stanzas.set(key, [...(stanzas.get(key) ?? []), line]);
    }
    let out = '<poem>';
    if (title.length > 0) out += `<title>${title.map((b) => this.para('p', b)).join('')}</title>`;
    if (stanzas.size === 0) out += '<stanza><v/></stanza>';
    for (const stanza of stanzas.values()) {
      const heads = stanza.filter((b) => layoutOf(b).role === 'title');
      const verses = stanza.filter((b) => layoutOf(b).role !== 'title');
      out += '<stanza>';
      if (heads.length > 0) out += `<title>${heads.map((b) => this.para('p', b)).join('')}</title>`;
      out +=
        verses
          .flatMap(splitVerseLines)
          .map((b) => this.para('v', b))
          .join('') || '<v/>';
      out += '</stanza>';
    }
    for (const b of tail.filter((b) => layoutOf(b).role === 'text-author'))
      out += this.para('text-author', b);
    const date = tail.find((b) => layoutOf(b).role === 'date');
    if (date) out += `<date>${escapeDate(date)}</date>`;
    return `${out}</poem>`;
  }

  private table(cells: Block[]): string {
    const rows: Block[][] = [];
    let lastRow: number | undefined;
    for (const cell of cells) {
      const row = layoutOf(cell).row;
      if (row === undefined || row !== lastRow || rows.length === 0) rows.push([]);
      (rows[rows.length - 1] as Block[]).push(cell);
      lastRow = row;
    }
    const cell = (b: Block) => {
      const name = layoutOf(b).header ? 'th' : 'td';
      const texts = bilingualPair(b, this.layout).map((text, i) => this.inline(text, b, i === 1));
      return `<${name}${this.idAttr(b)}>${texts.join(' / ')}</${name}>`;
    };
    return `<table>${rows.map((row) => `<tr>${row.map(cell).join('')}</tr>`).join('')}</table>`;
  }

  /** A paragraph-like element per text of the block (two for bilingual layouts, the second marked). */
  para(element: string, block: Block): string {
    return bilingualPair(block, this.layout)
      .map((text, i) => {
        const id = i === 0 ? this.idAttr(block) : '';
        const style = i === 1 ? ' style="original"' : '';
        return `<${element}${id}${style}>${this.inline(text, block, i === 1)}</${element}>`;
      })
      .join('');
  }

  private inline(text: string, block: Block, secondary: boolean): string {
    const xml = renderFb2Inline(text, block.inlines, this.ctx);
    // The second text of a bilingual pair is set in italics so a reader tells the two apart.
    return secondary && xml !== '' ? `<emphasis>${xml}</emphasis>` : xml;
  }

  private idAttr(block: Block): string {
    const id = block.anchor ? this.ctx.ids.lookup(block.anchor) : undefined;
    return id && this.ctx.ids.claim(id) ? ` id="${id}"` : '';
  }
}

function escapeDate(block: Block): string {
  return escapeXmlText(block.text.replace(/<[^>]*>/g, ''));
}
