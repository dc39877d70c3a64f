import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditBalance } from '../../../testing/credit-balance';
import {
  type PipelineHarness,
  startPipelineHarness,
  twoChapterStory,
} from '../../../testing/pipeline-test-kit';
import type { PipelineDeps } from './pipeline-deps';
import { failPoisonedStep, POISON_REASON } from './pipeline-jobs';

describe('a pipeline step whose job is poison', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    // A slow model keeps the translation running while the test declares its job poison.
    h = await startPipelineHarness({ llm: { latencyMs: 20_000 } });
  }, 120_000);
  afterAll(() => h?.close());

  it('fails the translation with a reason and gives the credit back, once', async () => {
    const user = await h.newUser({ READER: 1 }, { signupCredits: false });
    const balance = () => creditBalance(h.handle.db, user.userId);
    const { translation } = (await user.upload('story.txt', twoChapterStory)).json().data;
    expect(await balance()).toBe(0);
    const deps = { db: h.handle.db } as PipelineDeps;
    const ref = { translationId: translation.id, run: 1 };
    await failPoisonedStep(deps, ref);
    await failPoisonedStep(deps, ref);
    const after = (await user.client.get(`/translations/${translation.id}/`)).json();
    expect(after.status).toBe('failed');
    expect(after.failure_reason).toBe(POISON_REASON);
    expect(await balance()).toBe(1);
  });
});
