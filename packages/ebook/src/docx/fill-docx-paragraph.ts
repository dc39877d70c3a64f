import type { SourceEdit } from '../edit-source';
import { escapeXmlText } from '../escape-xml';
import { parsePlaceholders } from '../placeholders';
import { startTag } from '../xml-query';
import type { TextSlot, WalkedParagraph } from './walk-docx-paragraph';

/**
 * Edits that put a translated block's placeholder text into the paragraph it was read from, leaving
 * every run, its properties, hyperlinks, bookmarks, fields and drawings where they are: only the
 * `w:t` elements change. Each piece of the translation goes to the next text slot (in reading
 * order) whose inlines match its own: text inside `<gN>` into a run that carried inline N, untagged
 * text into a plain run; slots left over are emptied. A piece with no such slot ahead (the
 * translation moved emphasis before the text it followed) joins the previous piece, so the reading
 * order is never broken; a note reference's number is Word's own and is never written.
 * @example fillParagraph(walked, 'Hola <g1>mundo</g1>') // edits for the two w:t elements
 */
export function fillParagraph(walked: WalkedParagraph, translated: string): SourceEdit[] {
  const { items, fixed } = walked;
  const slots: TextSlot[] = [];
  const slotAt = new Map<number, number>(); // item index -> slot index
  items.forEach((item, i) => {
    if (item.type !== 'slot') return;
    slotAt.set(i, slots.length);
    slots.push(item.slot);
  });
  const texts: string[][] = slots.map(() => []);
  let pos = 0;
  let last = -1;
  const stack: number[] = [];
  let dropping = 0;
  const skipTo = (n: number) => {
    for (let i = pos; i < items.length; i++) {
      const item = items[i];
      if (!item) continue;
      const hit = item.type === 'anchor' ? item.n === n : item.slot.stack.includes(n);
      if (hit) {
        pos = i + 1;
        return;
      }
    }
  };
  for (const token of parsePlaceholders(translated)) {
    if (token.type === 'open') {
      stack.push(token.n);
      if (fixed.has(token.n)) {
        dropping++;
        skipTo(token.n);
      }
    } else if (token.type === 'close') {
      const at = stack.lastIndexOf(token.n);
      if (at >= 0) stack.splice(at, 1);
      if (fixed.has(token.n) && dropping > 0) dropping--;
    } else if (token.type === 'empty') skipTo(token.n);
    else if (dropping === 0 && token.value !== '') {
      // A space between two inlines stays where it is read: searching ahead for a plain slot for
      // it could jump over the slots the next inline needs.
      const found = /^\s+$/.test(token.value) && last >= 0 ? -1 : findSlot(items, pos, stack);
      if (found >= 0) {
        pos = found + 1;
        last = slotAt.get(found) ?? last;
      } else if (last < 0) last = slots.length > 0 ? 0 : -1;
      if (last >= 0) texts[last]?.push(token.value);
    }
  }
  return slots.map((slot, i) => {
    const { el } = slot;
    const text = escapeXmlText((texts[i] ?? []).join(''));
    const open = startTag(el.name, { ...el.attrs, 'xml:space': 'preserve' });
    return { start: el.start, end: el.end, text: `${open}${text}</${el.name}>` };
  });
}

// The next slot from `from` for text inside `stack`: one whose innermost inline is the text's own,
// else one inside it, else one of an enclosing inline (outwards), else a plain one.
function findSlot(items: WalkedParagraph['items'], from: number, stack: number[]): number {
  const own = stack[stack.length - 1] ?? 0;
  const innermost = (slot: TextSlot) => slot.stack[slot.stack.length - 1] ?? 0;
  const search = (match: (slot: TextSlot) => boolean) => {
    for (let i = from; i < items.length; i++) {
      const item = items[i];
      if (item?.type === 'slot' && match(item.slot)) return i;
    }
    return -1;
  };
  let found = search((slot) => innermost(slot) === own);
  if (found >= 0 || own === 0) return found;
  found = search((slot) => slot.stack.includes(own));
  for (let i = stack.length - 2; found < 0 && i >= -1; i--) {
    const outer = stack[i] ?? 0;
    found = search((slot) => innermost(slot) === outer);
  }
  return found;
}
