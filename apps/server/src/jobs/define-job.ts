import type { z } from 'zod';

/** How a job is retried and how soon a job held by a dead worker is handed to another one. */
export interface JobPolicy {
  /** Retries after the first attempt (pg-boss default 2). */
  retryLimit: number;
  /** Seconds before the first retry; doubled each time with `retryBackoff`. */
  retryDelay: number;
  retryBackoff: boolean;
  /** Upper bound for backed-off delays, in seconds. */
  retryDelayMax?: number;
  /** An attempt still running after this many seconds is failed (and retried). */
  expireInSeconds: number;
  /**
   * Workers touch their active jobs every heartbeatSeconds / 2; a job whose heartbeat stops is failed
   * and retried after about heartbeatSeconds + the monitor interval (15 s). A worker process that
   * died is seen sooner, by its presence connection (decision 300): this is the backstop for a
   * process that is alive but stuck.
   */
  heartbeatSeconds: number;
}

export interface JobDefinition<P extends z.ZodType = z.ZodType> {
  /** Queue name: lower-case words joined by dashes, e.g. `translation-chunk`. */
  name: string;
  /** Payload schema: ids and small values only, never file contents. */
  payload: P;
  policy: JobPolicy;
  /** Jobs of this kind one worker process runs at the same time. */
  concurrency: number;
  /**
   * Jobs of one group (sent with `group`, e.g. the owner's id) running at the same time across all
   * workers; undefined for no cap. Lets one user's many jobs leave a slot for another's (decision 160).
   */
  groupConcurrency?: number | undefined;
  /**
   * Attempts that may kill their worker process (start without an end) before the job is poison:
   * the next attempt runs the handler's `onPoison` instead of the job (decision 111).
   */
  crashLimit: number;
}

export type JobPayload<D> = D extends JobDefinition<infer P> ? z.output<P> : never;

export const defaultJobPolicy: JobPolicy = {
  retryLimit: 3,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 300,
  expireInSeconds: 15 * 60,
  heartbeatSeconds: 15,
};

/**
 * Declares a job kind: name, payload schema and retry policy. List it in registry.ts.
 * @example
 * export const sendMail = defineJob({ name: 'mail-send', payload: z.object({ mailId: z.uuid() }) });
 */
export function defineJob<P extends z.ZodType>(definition: {
  name: string;
  payload: P;
  policy?: Partial<JobPolicy>;
  concurrency?: number;
  groupConcurrency?: number;
  crashLimit?: number;
}): JobDefinition<P> {
  if (!/^[a-z][a-z0-9-]*$/.test(definition.name)) {
    throw new Error(`job name "${definition.name}" must be lower-case words joined by dashes`);
  }
  const policy: JobPolicy = { ...defaultJobPolicy, ...definition.policy };
  // pg-boss accepts a maximum delay only together with backoff.
  if (!policy.retryBackoff) delete policy.retryDelayMax;
  if (policy.heartbeatSeconds < 10) throw new Error(`${definition.name}: heartbeatSeconds must be >= 10`);
  // The attempt after the last allowed crash must exist, or pg-boss fails the job unseen by its
  // module; a job without retries has no such attempt (0: not watched).
  const crashLimit = definition.crashLimit ?? Math.min(2, policy.retryLimit);
  if (crashLimit < 0 || crashLimit > policy.retryLimit)
    throw new Error(`${definition.name}: crashLimit must be between 0 and retryLimit`);
  return {
    name: definition.name,
    payload: definition.payload,
    policy,
    concurrency: definition.concurrency ?? 1,
    groupConcurrency: definition.groupConcurrency,
    crashLimit,
  };
}
