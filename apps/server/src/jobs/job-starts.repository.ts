import { and, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { jobStarts } from '../db/schema/job-starts';

/** One attempt of a job: pg-boss's retry count and the worker process running it (decision 300). */
export interface JobAttempt {
  attempt: number;
  /** The worker presence's id; null when the worker has none. */
  session: string | null;
}

/** An attempt whose worker process is gone: its job waits for a handover. */
export interface OrphanAttempt {
  jobId: string;
  queue: string;
  attempt: number;
  session: string;
}

/** Where the worker records that an attempt began and ended (decisions 111, 300). */
export interface JobStartLedger {
  /** Records a start; resolves to the earlier starts that never ended (each one killed its process). */
  begin(jobId: string, queue: string, attempt?: JobAttempt): Promise<number>;
  /**
   * The attempt returned or threw: it did not kill the process. `finished`: the job will not run
   * again (it succeeded, or this was its last attempt), so its record goes. An attempt that was
   * handed on meanwhile leaves the newer attempt's record as it is (only its end is counted).
   */
  end(jobId: string, finished: boolean, attempt?: number): Promise<void>;
  /** Attempts still running by their record whose process is none of `live`. */
  orphans(live: string[]): Promise<OrphanAttempt[]>;
  /** Takes the orphan from its dead process; false when another worker took it first. */
  release(orphan: OrphanAttempt): Promise<boolean>;
}

/** The ledger on the application database; committed before the handler runs. */
export function jobStartLedger(db: Database): JobStartLedger {
  const current = (jobId: string, attempt: number | undefined) =>
    and(eq(jobStarts.jobId, jobId), attempt === undefined ? undefined : eq(jobStarts.attempt, attempt));
  return {
    async begin(jobId, queue, attempt) {
      const claim = { session: attempt?.session ?? null, attempt: attempt?.attempt ?? null };
      const [row] = await db
        .insert(jobStarts)
        .values({ jobId, queue, starts: 1, ...claim })
        .onConflictDoUpdate({
          target: jobStarts.jobId,
          set: { starts: sql`${jobStarts.starts} + 1`, updatedAt: sql`now()`, ...claim },
        })
        .returning({ starts: jobStarts.starts, ends: jobStarts.ends });
      return row ? row.starts - 1 - row.ends : 0;
    },
    async end(jobId, finished, attempt) {
      // A finished job needs no record; an attempt that failed (to be retried) counts as ended.
      if (finished) {
        const [gone] = await db
          .delete(jobStarts)
          .where(current(jobId, attempt))
          .returning({ jobId: jobStarts.jobId });
        if (gone) return;
      }
      const session =
        attempt === undefined
          ? null
          : sql`CASE WHEN ${jobStarts.attempt} = ${attempt} THEN NULL ELSE ${jobStarts.session} END`;
      await db
        .update(jobStarts)
        .set({ ends: sql`${jobStarts.ends} + 1`, session, updatedAt: sql`now()` })
        .where(eq(jobStarts.jobId, jobId));
    },
    async orphans(live) {
      const rows = await db
        .select({
          jobId: jobStarts.jobId,
          queue: jobStarts.queue,
          attempt: jobStarts.attempt,
          session: jobStarts.session,
        })
        .from(jobStarts)
        .where(
          and(
            isNotNull(jobStarts.session),
            isNotNull(jobStarts.attempt),
            live.length > 0 ? notInArray(jobStarts.session, live) : undefined,
          ),
        );
      return rows as OrphanAttempt[];
    },
    async release(orphan) {
      const rows = await db
        .update(jobStarts)
        .set({ session: null, updatedAt: sql`now()` })
        .where(
          and(
            eq(jobStarts.jobId, orphan.jobId),
            eq(jobStarts.session, orphan.session),
            eq(jobStarts.attempt, orphan.attempt),
          ),
        )
        .returning({ jobId: jobStarts.jobId });
      return rows.length > 0;
    },
  };
}
