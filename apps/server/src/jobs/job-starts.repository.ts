import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { jobStarts } from '../db/schema/job-starts';

/** Where the worker records that an attempt began and ended (decision 111). */
export interface JobStartLedger {
  /** Records a start; resolves to the earlier starts that never ended (each one killed its process). */
  begin(jobId: string, queue: string): Promise<number>;
  /**
   * The attempt returned or threw: it did not kill the process. `finished`: the job will not run
   * again (it succeeded, or this was its last attempt), so its record goes.
   */
  end(jobId: string, finished: boolean): Promise<void>;
}

/** The ledger on the application database; committed before the handler runs. */
export function jobStartLedger(db: Database): JobStartLedger {
  return {
    async begin(jobId, queue) {
      const [row] = await db
        .insert(jobStarts)
        .values({ jobId, queue, starts: 1 })
        .onConflictDoUpdate({
          target: jobStarts.jobId,
          set: { starts: sql`${jobStarts.starts} + 1`, updatedAt: sql`now()` },
        })
        .returning({ starts: jobStarts.starts, ends: jobStarts.ends });
      return row ? row.starts - 1 - row.ends : 0;
    },
    async end(jobId, finished) {
      // A finished job needs no record; an attempt that failed (to be retried) counts as ended.
      if (finished) await db.delete(jobStarts).where(eq(jobStarts.jobId, jobId));
      else
        await db
          .update(jobStarts)
          .set({ ends: sql`${jobStarts.ends} + 1`, updatedAt: sql`now()` })
          .where(eq(jobStarts.jobId, jobId));
    },
  };
}
