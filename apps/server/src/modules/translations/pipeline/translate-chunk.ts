import { TranslatorError, translateChunk } from '@booktranslate/translator';
import { toEngineBrief } from '../brief/engine-brief';
import { qaReportRepository as qaReports } from '../quality/qa-report.repository';
import { translationMemoryRepository as memory } from '../translation-memory.repository';
import { translationsRepository as repo } from '../translations.repository';
import { ownerUnfinishedTranslations } from './chunk-backlog.repository';
import { chunkMemory } from './chunk-memory';
import { closeChunk } from './close-chunk';
import type { PipelineDeps } from './pipeline-deps';
import { chunkLimiter } from './prepare-limiter';

export interface ChunkRef {
  translationId: string;
  run: number;
  seq: number;
}

/**
 * The translating step for one chunk: claims it (a new attempt), lets the translator work through
 * it with our database as its memory (each block saved the moment it passes the checks, blocks an
 * earlier attempt saved are never requested again), then closes the chunk; the last one queues the merge.
 */
export async function translateChunkJob(
  deps: PipelineDeps,
  ref: ChunkRef,
  signal?: AbortSignal,
): Promise<void> {
  const { db } = deps;
  const t = await repo.findById(db, ref.translationId);
  if (!t || t.run !== ref.run || t.status !== 'translating') return;
  const chunk = await memory.claimChunk(db, ref.translationId, ref.run, ref.seq);
  if (!chunk) return;
  const fence = { ...ref, attempt: chunk.attempt };

  const from = t.sourceLanguage ?? 'en';
  // The economy lane on OpenAI's flex tier (decision 291): the same request at about half the price.
  const flex = t.lane === 'economy' && deps.economy?.way === 'flex';
  const choice = await deps.engineFor(from, t.targetLanguage, flex ? { flex } : undefined);
  const brief = toEngineBrief(t.brief);
  // A light owner's chunks go first and may use the slots kept for prepare requests (decision 313),
  // its fill chunks after every other light request (decision 314).
  const ahead = await ownerUnfinishedTranslations(db, t.id);
  const limiter = chunkLimiter(choice, deps.concurrency, ahead, chunk.fill);
  const store = await chunkMemory(
    db,
    fence,
    chunk.blocks,
    {
      from,
      to: t.targetLanguage,
      engine: choice.engine,
      brief,
    },
    t.userId,
  );
  let result: Awaited<ReturnType<typeof translateChunk>>;
  try {
    result = await translateChunk(
      {
        index: chunk.seq,
        tokens: 0,
        items: chunk.blocks.map((b, i) => ({ ...b, key: String(i + 1) })),
        previousSource: chunk.previous ?? undefined,
      },
      {
        engine: choice.engine,
        from,
        to: t.targetLanguage,
        brief,
        memory: store,
        limiter,
        signal,
      },
    );
  } finally {
    // Every block that passed is in the database before the chunk is closed or retried.
    await store.drain();
  }
  // Repairs and reports of this attempt, for the QA report (a retried attempt adds its own).
  await qaReports.addNotes(db, ref.translationId, ref.run, result.notes);
  if (result.failures.length > 0) {
    // The blocks that passed are saved; the job's retry asks again only for these.
    throw new TranslatorError(
      'block_failed',
      `${result.failures.length} block(s) failed: ${result.failures[0]?.message}`,
      {
        retryable: true,
      },
    );
  }

  await closeChunk(deps, fence, chunk.chapter);
}
