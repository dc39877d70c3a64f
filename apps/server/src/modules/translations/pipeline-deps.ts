import type { Engine } from '@booktranslate/translator';
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import type { SpendCeilingSettings } from './spend-ceiling';

/** What the pipeline needs from storage: whole small objects in and out (books are parsed in memory). */
export interface FileStore {
  readBytes(key: string): Promise<Uint8Array>;
  writeBytes(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
}

export const PIPELINE_JOBS = {
  prepare: 'translation-prepare',
  chunk: 'translation-chunk',
  merge: 'translation-merge',
} as const;

export type PipelineJobName = (typeof PIPELINE_JOBS)[keyof typeof PIPELINE_JOBS];

/**
 * Enqueues a job; `id` makes the send idempotent (the same id is never queued twice). Higher
 * `priority` is fetched first (fair shares between users, decision 160).
 */
export interface JobSender {
  send(
    name: PipelineJobName,
    data: Record<string, unknown>,
    options: { id: string; priority?: number },
  ): Promise<void>;
}

/** The engine a translation runs on, and how the UI labels it. */
export interface EngineChoice {
  engine: Engine;
  /** 'openai:gpt-4o-mini', 'apertium', 'demo'... */
  label: string;
  isDemo: boolean;
}

export interface PipelineDeps {
  db: Database;
  files: FileStore;
  jobs: JobSender;
  /** Chooses the engine for a language pair (configured provider, else Apertium, else the demo). */
  engineFor(from: string, to: string): Promise<EngineChoice>;
  now(): Date;
  /** Chunks in flight across workers: the planner rounds the chunk count to a multiple of it. */
  concurrency: number;
  /** What one translation may ask of a paid provider (TRANSLATION_SPEND_*); defaults when absent. */
  spendCeiling?: SpendCeilingSettings;
  /** Tells the owner a run completed or failed (e-mail when they want it); never throws. */
  notify?(translationId: string): Promise<unknown>;
  /** Where the pipeline says what it decided on its own (the source language and why). */
  logger?: Pick<Logger, 'info'>;
}
