import type { Passage, PassageFlag } from '@booktranslate/contract';
import { needsTranslation } from '@booktranslate/translator';
import type { Executor } from '../../db/database';
import {
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
  editsOfBook?: Map<string, string>,
): Promise<Map<string, { text: string; edited: boolean }>> {
  const ids = blocks.map((b) => b.id);
  const engine = joinSavedUnits(await memory.savedUnits(db, reader.t.id, ids));
  const own = editsOfBook ?? (await edits.all(db, reader.t.id));
  const targets = new Map<string, { text: string; edited: boolean }>();
  for (const block of blocks) {
    const edit = own.get(block.id);
    const text = engine.get(block.id);
    if (edit !== undefined) targets.set(block.id, { text: edit, edited: true });
    else if (text !== undefined) targets.set(block.id, { text, edited: false });
    else if (reader.covered.has(block.id) && !needsTranslation(block.text))
      targets.set(block.id, { text: block.text, edited: false });
  }
  return targets;
}

export function passageView(
  block: ReaderBlock,
  target: { text: string; edited: boolean } | undefined,
  flags: PassageFlag[],
): Passage {
  return {
    block_id: block.id,
    kind: block.kind,
    source: toSpans(block.text, block.inlines),
    target: target ? toSpans(target.text, block.inlines) : null,
    target_text: target?.text ?? null,
    // The report judged the engine's text: an edit replaced what it flagged.
    flags: target?.edited ? [] : flags,
    edited: target?.edited ?? false,
  };
}
