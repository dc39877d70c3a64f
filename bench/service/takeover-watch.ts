import pg from 'pg';

/** A killed worker's job and when another worker took it (claim) and finished it, ms after the kill. */
export interface TakenOver {
  jobId: string;
  queue: string;
  claimedMs: number | null;
  completedMs: number | null;
}

const PRESENCE = 'booktranslate-worker ';

/**
 * Follows the jobs a worker process held when it was killed (decision 300): which presence vanished
 * from pg_stat_activity, the attempts recorded under it in job_starts, and when pg-boss shows each
 * job started again by a later attempt and completed (its own timestamps, so polling adds no error).
 * @example const watch = await TakeoverWatch.open(url); await watch.beforeKill(); kill(); await watch.afterKill(Date.now());
 */
export class TakeoverWatch {
  readonly #client: pg.Client;
  #live = new Set<string>();
  #held: { job_id: string; queue: string; session: string; attempt: number }[] = [];
  readonly kills: { killedAt: number; jobs: TakenOver[] }[] = [];

  private constructor(client: pg.Client) {
    this.#client = client;
  }

  static async open(url: string): Promise<TakeoverWatch> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return new TakeoverWatch(client);
  }

  /** Just before the kill: the presences and the attempts they hold. */
  async beforeKill(): Promise<void> {
    this.#live = new Set(await this.#presences());
    const { rows } = await this.#client.query(
      'SELECT job_id, queue, session, attempt FROM job_starts WHERE session IS NOT NULL AND attempt IS NOT NULL',
    );
    this.#held = rows;
  }

  /** After the kill: waits (up to 5 s) for the victim's presence to vanish and follows its jobs. */
  async afterKill(killedAt: number): Promise<void> {
    let gone: string[] = [];
    for (let i = 0; i < 100 && gone.length === 0; i++) {
      const now = new Set(await this.#presences());
      gone = [...this.#live].filter((id) => !now.has(id));
      if (gone.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const jobs = this.#held
      .filter((row) => gone.includes(row.session))
      .map((row) => ({ jobId: row.job_id, queue: row.queue, attempt: row.attempt }));
    this.kills.push({
      killedAt,
      jobs: jobs.map(({ jobId, queue }) => ({ jobId, queue, claimedMs: null, completedMs: null })),
    });
    this.#attempts.set(this.kills.length - 1, jobs);
  }

  readonly #attempts = new Map<number, { jobId: string; attempt: number }[]>();

  /** Reads pg-boss's rows for the followed jobs: a later attempt's start, the completion. */
  async poll(): Promise<void> {
    for (const [k, kill] of this.kills.entries()) {
      const attempts = this.#attempts.get(k) ?? [];
      if (kill.jobs.every((j) => j.completedMs !== null) || attempts.length === 0) continue;
      const { rows } = await this.#client.query<{
        id: string;
        retry_count: number;
        state: string;
        started_on: Date | null;
        completed_on: Date | null;
      }>(
        'SELECT id, retry_count, state, started_on, completed_on FROM pgboss.job WHERE id = ANY($1::uuid[])',
        [attempts.map((a) => a.jobId)],
      );
      for (const row of rows) {
        const job = kill.jobs.find((j) => j.jobId === row.id);
        const before = attempts.find((a) => a.jobId === row.id)?.attempt ?? 0;
        if (!job) continue;
        const restarted = row.retry_count > before && row.state !== 'retry' && row.state !== 'created';
        if (job.claimedMs === null && restarted && row.started_on)
          job.claimedMs = row.started_on.getTime() - kill.killedAt;
        if (job.completedMs === null && row.state === 'completed' && row.completed_on)
          job.completedMs = row.completed_on.getTime() - kill.killedAt;
      }
    }
  }

  /** Mean ms of one takeover look (the presences, then job_starts), run `times` times now. */
  async lookCostMs(times: number): Promise<number> {
    const started = performance.now();
    for (let i = 0; i < times; i++) {
      const live = await this.#presences();
      await this.#client.query(
        'SELECT job_id, queue, attempt, session FROM job_starts WHERE session IS NOT NULL AND attempt IS NOT NULL AND NOT (session = ANY($1::uuid[]))',
        [live],
      );
    }
    return (performance.now() - started) / times;
  }

  async close(): Promise<void> {
    await this.#client.end();
  }

  async #presences(): Promise<string[]> {
    const { rows } = await this.#client.query<{ id: string }>(
      `SELECT substr(application_name, ${PRESENCE.length + 1}) AS id FROM pg_stat_activity
       WHERE datname = current_database() AND application_name LIKE '${PRESENCE}%'`,
    );
    return rows.map((r) => r.id);
  }
}
