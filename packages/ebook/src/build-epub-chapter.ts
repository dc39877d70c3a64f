import { showsBoth } from './bilingual-xhtml';
import type { Block, Chapter, InlineTag } from './model';
import { renderXhtml, type TagWriter } from './render-xhtml';
import { isRtl } from './text-direction';
import { escapeAttr, escapeText, startTag } from './xml-query';

/** Where things live in the built EPUB, shared by the chapter, nav and package writers. */
export interface BuildPlan {
  fileOf: Map<string, string>; // chapter id -> file name in OEBPS/text/
  anchorFile: Map<string, string>; // element id -> file name, for `#id` links from other formats
  imageFile: Map<string, string>; // resource href -> path relative to OEBPS/text/
  noteRefs: Map<string, { file: string; id: string }>; // note id -> first reference, for backlinks
  language: string | null;
  sourceLanguage: string | null;
  layout: 'translated' | 'bilingual' | 'bilingual-reverse';
}

const HTML_TAG: Record<InlineTag['kind'], string> = {
  emphasis: 'em',
  strong: 'strong',
  link: 'a',
  noteref: 'a',
  ruby: 'ruby',
  span: 'span',
  linebreak: 'br',
  code: 'code',
  superscript: 'sup',
  subscript: 'sub',
  strikethrough: 's',
  image: 'img',
  other: 'span',
};

/** An href to a target given as `chapterId#anchor`, `#anchor` or an external URL. */
export function linkHref(href: string | undefined, plan: BuildPlan): string | undefined {
  if (!href) return undefined;
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(href)) return href;
  const hash = href.indexOf('#');
  const head = hash < 0 ? href : href.slice(0, hash);
  const anchor = hash < 0 ? '' : href.slice(hash + 1);
  const file = plan.fileOf.get(head) ?? (anchor ? plan.anchorFile.get(anchor) : undefined);
  if (!file) return undefined;
  return anchor ? `${file}#${encodeURIComponent(anchor)}` : file;
}

export function refId(blockId: string, n: number): string {
  return `ref-${blockId.replace(/[^\w-]/g, '-')}-${n}`;
}

/** The id an inline element gets: its source id (links may target it), or one for a note reference. */
export function inlineId(block: Block, tag: InlineTag): string | undefined {
  const own = tag.attrs?.id;
  if (own && !/\s/.test(own)) return own;
  return tag.kind === 'noteref' ? refId(block.id, tag.n) : undefined;
}

function tagWriter(block: Block, plan: BuildPlan, ids: Set<string> | null): TagWriter {
  return (tag) => {
    const name = HTML_TAG[tag.kind];
    if (tag.kind === 'image') {
      const src = tag.href ? plan.imageFile.get(tag.href.replace(/^#/, '')) : undefined;
      const img = src ? startTag('img', { src, alt: tag.attrs?.alt ?? '' }, true) : '';
      return { open: '<span>', close: '</span>', empty: img };
    }
    if (tag.kind === 'linebreak') return { open: '<span>', close: '</span>', empty: '<br/>' };
    const attrs: Record<string, string> = {};
    const id = ids ? inlineId(block, tag) : undefined;
    if (id && ids && !ids.has(id)) {
      ids.add(id);
      attrs.id = id;
    }
    let element = name;
    if (tag.kind === 'link' || tag.kind === 'noteref') {
      const href = linkHref(tag.href, plan);
      if (href) {
        attrs.href = href;
        if (tag.kind === 'noteref') attrs['epub:type'] = 'noteref';
      } else element = 'span'; // a link to nowhere keeps its text (and id), not its link
    }
    const open = startTag(element, attrs);
    // Code kept out of the translation (a Markdown code span or block) stands in its own text.
    const inner = tag.kind === 'code' && tag.empty && tag.alt ? escapeText(tag.alt) : '';
    return { open, close: `</${element}>`, empty: `${open}${inner}</${element}>` };
  };
}

/** One block's element(s): the translation, and in bilingual layouts the original beside it. */
function renderBlock(block: Block, plan: BuildPlan, ids: Set<string>): string {
  const name =
    block.kind === 'heading'
      ? `h${Math.min(Math.max(block.level ?? 2, 1), 6)}`
      : block.kind === 'preformatted'
        ? 'pre'
        : 'p';
  const cls = block.kind === 'heading' || block.kind === 'paragraph' ? undefined : block.kind;
  const anchor = block.anchor?.replace(/\s/g, '_');
  const id = anchor && !ids.has(anchor) ? anchor : undefined;
  if (id) ids.add(id);
  // Ids of containers that held this block in the source: empty targets at its start.
  let targets = '';
  for (const alias of block.aliases ?? []) {
    const clean = alias.replace(/\s/g, '_');
    if (ids.has(clean)) continue;
    ids.add(clean);
    targets += `<span id="${escapeAttr(clean)}"></span>`;
  }
  const main = targets + renderXhtml(block.text, block.inlines, tagWriter(block, plan, ids));
  const attrs = (extra: string) => ({
    ...((cls || extra) && { class: [cls, extra].filter(Boolean).join(' ') }),
  });
  if (plan.layout === 'translated' || !showsBoth(block.text, block.original))
    return `${startTag(name, { ...(id && { id }), ...attrs('') })}${main}</${name}>`;
  const lang: Record<string, string> = plan.sourceLanguage
    ? { lang: plan.sourceLanguage, 'xml:lang': plan.sourceLanguage }
    : {};
  if (plan.sourceLanguage && isRtl(plan.sourceLanguage) !== isRtl(plan.language))
    lang.dir = isRtl(plan.sourceLanguage) ? 'rtl' : 'ltr';
  const t = `${startTag(name, { ...(id && { id }), ...attrs('bt-translation') })}${main}</${name}>`;
  const o = `${startTag(name, { ...attrs('bt-original'), ...lang })}${renderXhtml(block.original, block.inlines, tagWriter(block, plan, null))}</${name}>`;
  return plan.layout === 'bilingual' ? t + o : o + t;
}

/**
 * The body markup of one chapter. Note blocks are grouped into endnote asides with a link back to
 * the first reference.
 */
export function renderChapterBody(chapter: Chapter, plan: BuildPlan): string {
  const ids = new Set<string>();
  const out: string[] = [];
  let openNote: string | undefined;
  const closeNote = () => {
    if (openNote === undefined) return;
    const ref = plan.noteRefs.get(openNote);
    if (ref) out.push(`<p class="backlink"><a href="${escapeAttr(`${ref.file}#${ref.id}`)}">↩</a></p>`);
    out.push('</aside>');
    openNote = undefined;
  };
  for (const block of chapter.blocks) {
    const noteId = block.kind === 'note' ? (block.noteId ?? block.anchor ?? block.id) : undefined;
    if (noteId !== openNote) {
      closeNote();
      if (noteId !== undefined) {
        const id = noteId.replace(/\s/g, '_');
        out.push(`<aside epub:type="endnote" class="note"${ids.has(id) ? '' : ` id="${escapeAttr(id)}"`}>`);
        ids.add(id);
        openNote = noteId;
      }
    }
    out.push(renderBlock(noteId === undefined ? block : { ...block, anchor: undefined }, plan, ids));
  }
  closeNote();
  return out.join('\n');
}

export function chapterTitle(chapter: Chapter): string {
  return escapeText(chapter.title ?? '');
}
