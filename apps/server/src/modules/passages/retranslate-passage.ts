import type { PassageResponse } from '@booktranslate/contract';
import { isTranslatorError, limiterFor, needsTranslation, translatePassage } from '@booktranslate/translator';
import { AppError } from '../../errors';
import {
  type EditLayer,
  passageEditsRepository as edits,
  isSpendCeilingError,
  joinSavedUnits,
  translationMemoryRepository as memory,
  toEngineBrief,
  translationsRepository as translations,
  withSpendCeiling,
} from '../translations';
import { blockOf, ensureCovered, openReader, type Reader } from './open-reader';
import { targetsOf } from './passage-view';
import { changeLocked, followsInstructions, onePassage } from './passages.service';
import type { PassagesDeps } from './passages-deps';
import type { ReaderBlock } from './reader-book';

/** The longest one re-translation may take, retries included. */
const TIME_LIMIT_MS = 120_000;

/**
 * POST …/passages/{block_id}/retranslate/: the translation's engine translates one passage again
 * with the brief, its glossary hits, the passages around it and the reader's wish. Free (no credit),
 * counted against the translation's provider ceiling, at most `retranslationLimit` per translation
 * and one at a time. The new text is laid over the passage like an edit, so undo restores what it
 * replaced; an answer equal to the passage's text or the engine's first one is not counted.
 */
export async function retranslatePassage(
  deps: PassagesDeps,
  userId: string,
  id: string,
  blockId: string,
  instruction: string | undefined,
): Promise<PassageResponse> {
  const reader = await openReader(deps, userId, id);
  const block = blockOf(reader, blockId);
  ensureCovered(reader, block);
  // An image or a number alone: nothing for the engine to do, and no request is paid for it.
  if (!needsTranslation(block.text))
    throw new AppError('CONFLICT', 'This passage has no words to translate; it is kept as it is', {
      reason: 'nothing-to-translate',
    });
  const wish = instruction?.trim() || undefined;
  // DeepL and Apertium would translate the passage as before and count it: say so instead.
  if (wish && !(await followsInstructions(deps, reader.t)))
    throw new AppError(
      'VALIDATION_ERROR',
      "This translation's engine does not follow instructions; leave the instruction empty to translate the passage again as it is, or edit it by hand",
      { field: 'instruction', reason: 'instruction-not-followed' },
    );
  const mark = await claim(deps, reader);
  // What the passage showed when asked: an edit saved while the engine works is the owner's newer word.
  const before = (await edits.layers(deps.db, reader.t.id, [block.id])).get(block.id);
  let text: string;
  try {
    text = await translateAgain(deps, reader, block, wish);
  } catch (error) {
    await translations.releaseRetranslation(deps.db, reader.t.id, mark, true);
    throw engineError(error);
  }
  // The same text again (a rule-based engine always answers so): said, not saved, not counted.
  const engineText = joinSavedUnits(await memory.savedUnits(deps.db, reader.t.id, [block.id])).get(block.id);
  if (text === engineText || text === before?.text) {
    await translations.releaseRetranslation(deps.db, reader.t.id, mark, true);
    return onePassage(deps, reader, block, true);
  }
  try {
    await changeLocked(deps, reader, async (tx) => {
      const now = (await edits.layers(tx, reader.t.id, [block.id])).get(block.id);
      const replaced = now?.text === before?.text ? before : undefined;
      const layer = retranslationOver(text, replaced);
      // A newer edit stays on top, with the re-translation kept beneath it for its undo.
      await edits.saveLayer(
        tx,
        reader.t.id,
        block.id,
        now && !replaced ? { ...now, previous: { text, kind: 'retranslation' } } : layer,
      );
      await translations.releaseRetranslation(tx, reader.t.id, mark, false);
      return true;
    });
  } catch (error) {
    // A glossary change began a new run meanwhile: this text is not used, so it is not counted.
    await translations.releaseRetranslation(deps.db, reader.t.id, mark, true);
    throw error;
  }
  return onePassage(deps, reader, block);
}

/**
 * A re-translation laid over the passage like an edit (decision 234): undo restores the edit it
 * replaced, or what a replaced re-translation had replaced, else the engine's text.
 */
function retranslationOver(text: string, replaced: EditLayer | undefined): EditLayer {
  const previous = replaced?.kind === 'edit' ? replaced : (replaced?.previous ?? null);
  return { text, kind: 'retranslation', previous: previous && { text: previous.text, kind: previous.kind } };
}

/** Takes one re-translation from the translation's allowance and answers its mark, or says why not. */
async function claim(deps: PassagesDeps, reader: Reader): Promise<Date> {
  const limit = deps.retranslationLimit;
  const taken = await translations.claimRetranslation(deps.db, reader.t.id, limit);
  if (taken) return taken.claim;
  const t = await translations.findById(deps.db, reader.t.id);
  if (t?.status !== 'completed')
    throw new AppError('CONFLICT', 'The translation is no longer completed; reload it', {
      reason: 'not-completed',
    });
  if (t.passageRetranslations >= limit)
    throw new AppError(
      'RATE_LIMITED',
      `This translation has used its ${limit} re-translations of single passages; edit the passage by hand instead`,
      { reason: 'passage-retranslation-limit', limit, used: t.passageRetranslations },
    );
  throw new AppError(
    'CONFLICT',
    'Another passage of this translation is being translated again; try again when it is done',
    { reason: 'passage-retranslation-busy' },
  );
}

async function translateAgain(
  deps: PassagesDeps,
  reader: Reader,
  block: ReaderBlock,
  instruction: string | undefined,
): Promise<string> {
  const { t, book } = reader;
  const before = book.blocks[block.position - 1];
  const after = book.blocks[block.position + 1];
  const around = [before, after].filter((b): b is ReaderBlock => b !== undefined);
  const targets = await targetsOf(deps.db, reader, around);
  const context = (b: ReaderBlock | undefined) => {
    if (!b) return undefined;
    const target = targets.get(b.id)?.text;
    return { source: b.text, ...(target ? { target } : {}) };
  };
  const from = t.sourceLanguage ?? 'en';
  // Every paid request counts against the translation's spend ceiling, like the pipeline's.
  const choice = await withSpendCeiling(deps, t.id).engineFor(from, t.targetLanguage);
  const brief = toEngineBrief(t.brief);
  const previous = context(before);
  const following = context(after);
  const { text } = await translatePassage(
    {
      blockId: block.id,
      chapterId: String(block.chapter),
      text: block.text,
      ...(previous ? { previous } : {}),
      ...(following ? { following } : {}),
      ...(instruction ? { instruction } : {}),
    },
    {
      engine: choice.engine,
      from,
      to: t.targetLanguage,
      ...(brief ? { brief } : {}),
      limiter: limiterFor(choice.label, { concurrency: deps.concurrency }),
      signal: AbortSignal.timeout(TIME_LIMIT_MS),
    },
  );
  return text;
}

function engineError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (isSpendCeilingError(error))
    return new AppError(
      'RATE_LIMITED',
      'This translation has used what it may ask of the translation provider; edit the passage by hand instead',
      { reason: 'spend-ceiling' },
    );
  const detail = isTranslatorError(error) ? ` (${error.code})` : '';
  return new AppError(
    'SERVICE_UNAVAILABLE',
    `The translation engine gave no usable translation of this passage${detail}; nothing was counted, try again later`,
    { reason: 'engine-failed', ...(isTranslatorError(error) ? { code: error.code } : {}) },
  );
}
