import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Attempts of a queue job that began, and how many of them ended (returned or threw). A start that
 * never ended killed its process; past the job's crash limit the job is poison and never runs again
 * (decision 111). Rows of finished jobs are deleted. `session` names the worker process running the
 * current attempt (`attempt`, pg-boss's retry count) until it ends: when that process's presence
 * is gone from the database, another worker hands the job on at once (decision 300).
 */
export const jobStarts = pgTable('job_starts', {
  jobId: uuid('job_id').primaryKey(),
  queue: text('queue').notNull(),
  starts: integer('starts').notNull().default(0),
  ends: integer('ends').notNull().default(0),
  session: uuid('session'),
  attempt: integer('attempt'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
