import type { ServerResponse } from 'node:http';
import type { FakeLlmOptions } from './fake-llm-options';
import type { FakeLlmStats } from './llm-stats';

/**
 * The "accepted but never told" fault, after a batch was created: while `batchLostAnswers` is above
 * zero it counts one down and either drops the connection or answers 500 through `error`. Returns
 * whether the answer was lost (the caller then sends nothing).
 * @example if (loseBatchAnswer(options, stats, res, () => reply(res, 500, body))) return;
 */
export function loseBatchAnswer(
  options: Pick<FakeLlmOptions, 'batchLostAnswers' | 'batchLostAnswerAs'>,
  stats: FakeLlmStats,
  res: ServerResponse,
  error: () => void,
): boolean {
  if (!((options.batchLostAnswers ?? 0) > 0)) return false;
  options.batchLostAnswers = (options.batchLostAnswers ?? 0) - 1;
  stats.batch_answers_lost++;
  if (options.batchLostAnswerAs === 'error') error();
  else res.destroy();
  return true;
}
