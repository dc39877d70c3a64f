import { asc, eq } from 'drizzle-orm';
import { type ChunkRow, translationChunks } from '../db/schema/translation-blocks';
import type { PipelineHarness, TestUser } from './pipeline-test-kit';

/**
 * A TXT book of one chapter of `length` paragraphs of about 34 tokens each (300 are some 10,200
 * tokens). `named`: every paragraph names the same two people, so no chunk is free of terms and none
 * starts before the analysis answers.
 * @example valleyBook(600) // one full wave on 15 slots
 */
export function valleyBook(length: number, named = false): Uint8Array {
  const who = named ? 'Jonathan Wild and Edgeworth Bess' : 'the travellers';
  const paragraphs = Array.from(
    { length },
    (_, i) =>
      `Paragraph ${i} tells how ${who} crossed the valley before the rain came down, ` +
      `and how the river rose behind them while the carts went slowly over the old stone bridge.`,
  );
  return new TextEncoder().encode(`CHAPTER ONE\n\n${paragraphs.join('\n\n')}\n`);
}

/**
 * A new reader's translation of `valleyBook(length, named)` on the harness, followed to completion:
 * its id, the reader and its chunk rows in plan order.
 */
export async function translateValley(
  h: PipelineHarness,
  length: number,
  named = false,
): Promise<{ id: string; user: TestUser; rows: ChunkRow[] }> {
  const user = await h.newUser({ READER: 1 });
  const upload = await user.upload('valley.txt', valleyBook(length, named));
  if (upload.statusCode !== 201) throw new Error(`upload: ${upload.statusCode} ${upload.body}`);
  const id = upload.json().data.translation.id as string;
  const statuses = await h.followStatuses(user, id);
  if (statuses.at(-1) !== 'completed') throw new Error(`translation ended ${statuses.join(' -> ')}`);
  const rows = await h.handle.db
    .select()
    .from(translationChunks)
    .where(eq(translationChunks.translationId, id))
    .orderBy(asc(translationChunks.seq));
  return { id, user, rows };
}
