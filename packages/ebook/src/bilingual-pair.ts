import type { Block } from './model';
import type { Layout } from './options';

/**
 * The placeholder texts a writer emits for one block, in reading order: the translation alone, or
 * translation and original (bilingual), or original and translation (bilingual-reverse). Blocks
 * never translated (no `original`) give their text once.
 * @example bilingualPair({ ...block, text: 'Hola', original: 'Hello' }, 'bilingual') // ['Hola', 'Hello']
 */
export function bilingualPair(block: Block, layout: Layout = 'translated'): string[] {
  if (layout === 'translated' || block.original === undefined || block.original === block.text)
    return [block.text];
  return layout === 'bilingual' ? [block.text, block.original] : [block.original, block.text];
}
