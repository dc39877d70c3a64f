import type { BatchClient, Engine } from '@booktranslate/translator';
import type { Logger } from 'pino';
import type { Database } from '../../../db/database';
import type { FileStore } from '../../books/book-storage';
import type { SpendCeilingSettings } from '../engines/spend-ceiling-settings';
import type { JobSender } from './pipeline-queue';

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
  /**
   * Chooses the engine for a language pair (configured provider, else Apertium, else the demo);
   * `flex`: OpenAI's flex tier, for the economy lane (decision 291).
   */
  engineFor(from: string, to: string, options?: { flex?: boolean }): Promise<EngineChoice>;
  /** The economy lane as the operator set it (ECONOMY_*); absent: off. */
  economy?: EconomyDeps;
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

/** The economy lane's settings and the configured provider's batch API (decision 291). */
export interface EconomyDeps {
  way: 'off' | 'batch' | 'flex';
  /** Past it, what a batch has not answered goes to the standard lane. */
  deadlineHours: number;
  pollSeconds: number;
  /** Requests per provider batch, at most. */
  maxRequests: number;
  /** The configured engine's batch API; undefined when it has none (the lane is then standard). */
  client?: BatchClient;
}
