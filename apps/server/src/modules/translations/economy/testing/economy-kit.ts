import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { economyBatches } from '../../../../db/schema/economy-batches';
import { translations } from '../../../../db/schema/translations';
import type { PipelineHarness, TestUser } from '../../../../testing/pipeline-test-kit';

// About 9,000 tokens in eight chapters: four chunks (one request each) at four slots.
const names = ['Anna', 'Boris', 'Clara', 'Dmitri', 'Elena', 'Fyodor', 'Galina', 'Ivan', 'Katya', 'Lev'];
const places = ['river', 'mill', 'bridge', 'harbour', 'square'];
const chapter = (n: number) =>
  `Chapter ${n}\n\n${Array.from({ length: 45 }, (_, i) => {
    const name = names[(n * 7 + i) % names.length];
    const place = places[(n + i) % places.length];
    return `${name} walked to the ${place} at dawn on day ${n * 100 + i} and counted the boats that passed the old stones.`;
  }).join('\n\n')}`;
export const book = new TextEncoder().encode([1, 2, 3, 4, 5, 6, 7, 8].map(chapter).join('\n\n'));

export const METRICS = 'metrics-token-for-the-economy-test';

export async function row(h: PipelineHarness, id: string) {
  return (await h.handle.db.select().from(translations).where(eq(translations.id, id)))[0]!;
}

export async function batchesOf(h: PipelineHarness, id: string) {
  return h.handle.db.select().from(economyBatches).where(eq(economyBatches.translationId, id));
}

export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function startEconomy(user: TestUser): Promise<string> {
  const created = await user.upload('rivers.txt', book, { target_language: 'es', lane: 'economy' });
  expect(created.statusCode, created.body).toBe(201);
  expect(created.json().data.translation.lane).toBe('economy');
  return created.json().data.translation.id as string;
}
