import type { Passage, PassageFlag } from '@booktranslate/contract';
import { needsTranslation } from '@booktranslate/translator';
import type { Executor } from '../../db/database';
import {
  type EditLayer,
  passageEditsRepository as edits,
  joinSavedUnits,
  translationMemoryRepository as memory,
} from '../translations';
import type { Reader } from './open-reader';
import type { ReaderBlock } from './reader-book';
import { toSpans } from './to-spans';

/**
 * The target of each block as the reader shows it: the owner's edit, else the engine's saved text,
 * else the source for a covered block without letters (kept as it is, like the outputs do), else null.
 */
export async function targetsOf(
  db: Executor,
  reader: Reader,
  blocks: ReaderBlock[],
  editsOfBook?: Map<string, EditLayer>,
): Promise<Map<string, Target>> {
  const ids = blocks.map((b) => b.id);
  const engine = joinSavedUnits(await memory.savedUnits(db, reader.t.id, ids));
  const own = editsOfBook ?? (await edits.layers(db, reader.t.id, ids));
  const remembered = await memory.memoryOrigins(db, reader.t.id, ids);
  const targets = new Map<string, Target>();
  for (const block of blocks) {
    const layer = own.get(block.id);
    const text = engine.get(block.id);
    if (layer !== undefined) targets.set(block.id, { text: layer.text, layer: layer.kind });
    else if (text !== undefined)
      targets.set(block.id, { text, layer: null, fromMemory: remembered.has(block.id) });
    else if (reader.covered.has(block.id) && !needsTranslation(block.text))
      targets.set(block.id, { text: block.text, layer: null });
  }
  return targets;
}

/** A passage's text as shown, and whether an edit or a re-translation lies over the engine's. */
export interface Target {
  text: string;
  layer: EditLayer['kind'] | null;
  /** The engine's text came from the owner's translation memory (an earlier translation or edit). */
  fromMemory?: boolean;
}

/** One passage on the wire; `covered` is false past a Free preview's first words (decision 226). */
export function passageView(
  block: ReaderBlock,
  target: Target | undefined,
  flags: PassageFlag[],
  covered: boolean,
): Passage {
  return {
    block_id: block.id,
    kind: block.kind,
    source: toSpans(block.text, block.inlines),
    target: target ? toSpans(target.text, block.inlines) : null,
    target_text: target?.text ?? null,
    // The report judged the engine's text: an edit or a re-translation replaced what it flagged.
    flags: target?.layer ? [] : flags,
    edited: target?.layer === 'edit',
    retranslated: target?.layer === 'retranslation',
    beyond_preview: !covered,
    from_memory: target?.fromMemory === true,
  };
}
