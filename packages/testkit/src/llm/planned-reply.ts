import type { analyzeSample } from './analyze-sample';

/** What the fake model decided to answer: translated blocks, an analysis, or plain text. */
export type PlannedReply =
  | { kind: 'blocks'; blocks: Record<string, string> }
  | { kind: 'analysis'; brief: ReturnType<typeof analyzeSample> }
  | { kind: 'text'; text: string };
