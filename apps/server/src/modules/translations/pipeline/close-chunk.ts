import { type Fence, translationMemoryRepository as memory } from '../translation-memory.repository';
import { translationsRepository as repo } from '../translations.repository';
import type { PipelineDeps } from './pipeline-deps';
import { queueMerge } from './pipeline-queue';
import { estimateCompletion } from './translation-progress';

/**
 * Closes a chunk whose every block is saved, under its fence, and queues the merge when it was the
 * run's last: the standard chunk job and the economy lane's poll both end a chunk here. False when
 * the fence was refused (a newer attempt owns the chunk, or it is closed already).
 */
export async function closeChunk(
  deps: Pick<PipelineDeps, 'db' | 'jobs' | 'now'>,
  fence: Fence,
  chapter: string | null,
): Promise<boolean> {
  let closed = false;
  const last = await deps.db.transaction(async (tx) => {
    // Chunk closes of one translation queue up on its row, so exactly one of them sees none left.
    const locked = await repo.lock(tx, fence.translationId);
    if (!locked || !(await memory.finishChunk(tx, fence))) return false;
    closed = true;
    const eta = estimateCompletion({
      wordsTotal: locked.wordsTotal,
      wordsDone: locked.wordsDone,
      wordsAtStart: locked.wordsAtStart,
      translatingStartedAt: locked.translatingStartedAt,
      now: deps.now(),
    });
    await repo.update(tx, locked.id, {
      currentChapter: chapter ?? locked.currentChapter,
      estimatedCompletion: eta,
    });
    return (
      locked.run === fence.run && (await memory.remainingChunks(tx, fence.translationId, fence.run)) === 0
    );
  });
  if (last) await queueMerge(deps, fence);
  return closed;
}
