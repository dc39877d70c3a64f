import { languageLabel, sameLanguage } from '@booktranslate/contract';
import type { Book } from '@booktranslate/ebook';
import {
  type BookBrief,
  chooseSourceLanguage,
  containsTerm,
  withinWordLimit,
} from '@booktranslate/translator';
import type { StoredTitles, TranslationRow } from '../../../db/schema/translations';
import { booksRepository } from '../../books/books.repository';
import { loadOriginal } from '../../books/load-original';
import { rememberedTexts } from '../../memory';
import { suggestSeries } from '../../series';
import { toEngineBrief } from '../brief/engine-brief';
import { toStoredTitles, translateTitles } from '../brief/translate-titles';
import { translationMemoryRepository as memory, type PlannedChunk } from '../translation-memory.repository';
import { isWorking, type TranslationStatus } from '../translation-status';
import { translationsRepository as repo } from '../translations.repository';
import { analyzeIfNeeded } from './analyze-book';
import { blocksToTranslate, bookBlocks } from './book-blocks';
import { otherTranslationsUnderWay, ownerUnfinishedTranslations } from './chunk-backlog.repository';
import { earlierEdition, withoutBlocks } from './edition-of-remembered';
import { failTranslation } from './fail-translation';
import { fillBookMetadata } from './fill-book-metadata';
import type { PipelineDeps } from './pipeline-deps';
import { isUnitOf, type RunRef } from './pipeline-keys';
import { queueChunks, queueRemaining } from './pipeline-queue';
import { planRunChunks } from './plan-run-chunks';
import { prepareLimiter, withLimitedAnalysis } from './prepare-limiter';
import { withSeriesGlossary } from './series-glossary';
import { termFreeChunks } from './term-free-chunks';

/**
 * loading -> parsing -> analyzing -> chunking -> translating: reads the original, learns the brief,
 * plans chunks for the blocks the translation memory does not hold yet and queues one job per chunk.
 * Safe to run again after a crash: chunk and merge jobs have deterministic ids, so nothing is queued twice.
 */
export async function prepareTranslation(deps: PipelineDeps, ref: RunRef): Promise<void> {
  const { db } = deps;
  const t = await repo.findById(db, ref.translationId);
  if (!t || t.run !== ref.run || !isWorking(t.status as TranslationStatus)) return;
  // Translating with no brief yet: the run stopped while term-free chunks went ahead of the analysis.
  if (t.status === 'translating' && t.brief === null) return finishAnalysis(deps, ref, t);
  if (t.status === 'translating' || t.status === 'merging') return queueRemaining(deps, ref);
  // Waiting for the user's glossary review: POST /translations/{id}/continue/ starts the chunks.
  if (t.status === 'reviewing') return;

  const stored = await booksRepository.findById(db, t.bookId);
  if (!stored) return;
  let book = stored;
  if (!(await repo.advance(db, t.id, ref.run, 'loading'))) return;
  // In the book sandbox (decision 110): a book over its budget fails the translation, credit returned.
  const parsed = await loadOriginal(deps, book, {
    as: 'book',
    afterRead: () => repo.advance(db, t.id, ref.run, 'parsing'),
  });
  if (!parsed) return;
  if (book.wordCount === null) book = { ...book, ...(await fillBookMetadata(deps, book, parsed)) };
  // Before the analysis: a new volume of a series starts from the series' glossary.
  await suggestSeries(db, book, parsed.metadata.series);

  if (!(await repo.advance(db, t.id, ref.run, 'analyzing'))) return;
  // The user's choice, else the declared language unless the whole text confidently says otherwise.
  const language = t.sourceLanguage ? undefined : chooseSourceLanguage(parsed);
  const from = t.sourceLanguage ?? language?.language ?? book.originalLanguage ?? 'en';
  deps.logger?.info(
    { translationId: t.id, sourceLanguage: from, reason: language?.reason ?? 'chosen by the user' },
    'source language',
  );
  if (!book.originalLanguage) await booksRepository.updateMetadata(db, book.id, { originalLanguage: from });
  if (sameLanguage(from, t.targetLanguage)) {
    // Only a book whose language was unknown at upload gets here: the request refuses the rest.
    const reason = `The book is already in ${languageLabel(t.targetLanguage)}; there is nothing to translate.`;
    await failTranslation(db, t.id, ref.run, reason);
    return;
  }
  const choice = await deps.engineFor(from, t.targetLanguage);
  // Passages the owner's memory holds by their text (a new edition, the same book again): planned
  // apart from the new ones, and left out of the analysis, whose terms are then those of the new
  // text only (decision 270); each chunk's lookup still checks the renderings.
  const covered = blocksToTranslate(parsed, t.wordLimit);
  const remembered = await rememberedTexts(db, t.userId, covered, {
    from,
    to: t.targetLanguage,
    engine: choice.engine.name,
    model: choice.engine.model,
  });
  // A new edition of a book translated before starts from that translation's brief (its names,
  // register and notes) and titles: no analysis and no titles request, and its remembered passages
  // match their renderings. New chapters' headings are passages; merging takes their translation.
  const edition = t.brief ? null : await earlierEdition(db, t, choice, covered, remembered);
  // The brief request goes out first; the chunk plan (token counting) runs while it is answered.
  const ahead = await ownerUnfinishedTranslations(db, t.id);
  const limiter = prepareLimiter(choice, deps.concurrency, ahead);
  const limited = withLimitedAnalysis(choice.engine, limiter);
  const analysed = remembered.size > 0 ? withoutBlocks(parsed, remembered) : parsed;
  const briefed = { ...t, sourceLanguage: from, ...(edition ? { brief: edition.brief } : {}) };
  // The plan counts every block's tokens (most of a second of CPU): it starts once the analysis
  // requests are out, not in their way.
  let sent: () => void = () => {};
  const out = new Promise<void>((resolve) => {
    sent = resolve;
  });
  const analysis = analyzeIfNeeded(limited, briefed, analysed, {
    onSent: sent,
    // The slots free now, less the brief's, its summary's and the titles': the terms spread over the rest.
    termRequests: limiter.free - 3,
  }).then((a) => (t.brief ? a : withSeriesGlossary(db, book.id, t.targetLanguage, a)));
  if (t.retranslateTerms?.length)
    await forgetTermBlocks(deps, t, parsed, withForms(t.retranslateTerms, toEngineBrief(t.brief)));
  await Promise.race([out, analysis.catch(() => undefined)]);
  // Titles and TOC labels, for merging, after the analysis's requests: term batches first (decision 313).
  const titles =
    t.titles || edition
      ? Promise.resolve(edition?.titles ? fromStored(edition.titles) : null)
      : translateTitles(deps, parsed, new Map(), { ...t, sourceLanguage: from });
  const planFor = async (shared: boolean) =>
    planRunChunks(
      deps,
      t.id,
      parsed,
      t.wordLimit,
      {
        maxTokens: choice.engine.chunkTokens,
        stretchTokens: choice.engine.maxChunkTokens,
        shared,
        fill: t.lane !== 'economy',
      },
      from,
      remembered,
    );
  const alone = !(await otherTranslationsUnderWay(db, t.id));
  const planned = await planFor(!alone);
  const { wordsTotal, wordsDone, wordsFromMemory } = planned;
  let { chunks } = planned;
  const engineFields = { sourceLanguage: from, engine: choice.label, engineModel: choice.engine.model };
  const startFields = {
    wordsTotal,
    wordsDone,
    wordsFromMemory,
    wordsAtStart: wordsDone,
    translatingStartedAt: deps.now(),
    estimatedCompletion: null,
    retranslateTerms: null,
  };
  // The analysis asks the model (brief and whole-book terms): chunks without a term start meanwhile.
  const review = t.reviewGlossary && choice.engine.understandsBrief;
  // A batch is built once the brief and glossary are known: the economy lane does not start early.
  const batched = t.lane === 'economy' && deps.economy?.way === 'batch';
  // Not for a new edition: it asks no analysis (its brief is the earlier one's), and its new text
  // goes before its remembered chunks (decision 270), not term-free chunks of both first.
  const free =
    !t.brief && !edition && !review && !batched && choice.engine.understandsBrief
      ? termFreeChunks(chunks, parsed, from)
      : [];
  if (free.length > 0) {
    const started = await db.transaction(async (tx) => {
      await memory.replaceChunks(tx, t.id, ref.run, chunks);
      return repo.advance(tx, t.id, ref.run, 'translating', { ...engineFields, ...startFields });
    });
    if (!started) return;
    await queueChunks(
      deps,
      ref,
      free.map((chunk) => chunk.seq),
    );
    const { brief } = await analysis;
    const written = await repo.advance(db, t.id, ref.run, 'translating', {
      brief,
      ...titleFields(await titles),
    });
    if (written) await queueRemaining(deps, ref);
    return;
  }
  const { brief } = await analysis;
  // Planned alone, a book's wave holds every slot for the longest requests (decision 301); when
  // another translation arrived during the analysis it is cut within the budget after all, or the
  // newcomer waits for that whole wave (decision 311).
  if (alone && (await otherTranslationsUnderWay(db, t.id))) ({ chunks } = await planFor(true));
  const advanced = await repo.advance(db, t.id, ref.run, 'chunking', {
    brief,
    ...titleFields(await titles),
    ...engineFields,
  });
  if (!advanced) return;
  if (review) {
    // The chunks are planned; the brief editor shows the terms until the user continues.
    await db.transaction(async (tx) => {
      await memory.replaceChunks(tx, t.id, ref.run, chunks);
      await repo.advance(tx, t.id, ref.run, 'reviewing', {
        wordsTotal,
        wordsDone,
        wordsFromMemory,
        wordsAtStart: wordsDone,
      });
    });
    return;
  }
  const started = await db.transaction(async (tx) => {
    await memory.replaceChunks(tx, t.id, ref.run, chunks);
    return repo.advance(tx, t.id, ref.run, 'translating', startFields);
  });
  if (!started) return;
  // The new text first (it waits on the provider), then the remembered chunks (no request): a
  // second later, so their lookups and saves do not hold up the new chunks' first requests.
  if (remembered.size > 0 && chunks.length > 0 && t.lane !== 'economy') {
    const order = queueOrder(chunks, (chunk) => chunk.blocks.every((b) => remembered.has(b.blockId)));
    await queueChunks(deps, ref, order.fresh);
    await queueChunks(deps, ref, order.recalled, order.fresh.length > 0 ? { startAfter: 1 } : {});
  } else await queueRemaining(deps, ref);
}

/** Chunk seqs to queue: those with new text largest first (see queuedChunks), then the rest. */
function queueOrder(
  chunks: PlannedChunk[],
  isRemembered: (chunk: PlannedChunk) => boolean,
): { fresh: number[]; recalled: number[] } {
  const bySize = [...chunks].sort((a, b) => b.words - a.words || a.seq - b.seq);
  return {
    fresh: bySize.filter((c) => !isRemembered(c)).map((c) => c.seq),
    recalled: bySize.filter(isRemembered).map((c) => c.seq),
  };
}

/** The analysis of a run whose term-free chunks started first: brief and titles, then every chunk. */
async function finishAnalysis(deps: PipelineDeps, ref: RunRef, t: TranslationRow): Promise<void> {
  const book = await booksRepository.findById(deps.db, t.bookId);
  if (!book) return;
  const parsed = await loadOriginal(deps, book, { as: 'book' });
  const choice = await deps.engineFor(t.sourceLanguage ?? 'en', t.targetLanguage);
  const { brief } = await analyzeIfNeeded(choice.engine, t, parsed);
  const titles = t.titles ? null : await translateTitles(deps, parsed, new Map(), t);
  const written = await repo.advance(deps.db, t.id, ref.run, 'translating', {
    brief,
    ...titleFields(titles),
  });
  if (written) await queueRemaining(deps, ref);
}

/** Stored titles as translateTitles gives them. */
function fromStored(stored: StoredTitles): { title?: string; labels: Map<string, string> } {
  return { ...(stored.title ? { title: stored.title } : {}), labels: new Map(stored.labels) };
}

function titleFields(translated: Awaited<ReturnType<typeof translateTitles>> | null) {
  return translated?.title || translated?.labels?.size ? { titles: toStoredTitles(translated) } : {};
}

/** The changed terms with the case forms the brief lists for them ("Атос" -> also "Атоса", "Атосом"). */
function withForms(terms: string[], brief: BookBrief | undefined): string[] {
  const changed = new Set(terms);
  const forms = (brief?.glossary ?? []).filter((e) => changed.has(e.source)).flatMap((e) => e.forms ?? []);
  return [...new Set([...terms, ...forms])];
}

/**
 * Forgets the saved translations of the blocks where a changed glossary term occurs, so they are
 * translated again, within what is left of the translation's re-translation budget (its own word
 * count, decision 131): blocks in reading order while they fit, never a block cut. An edit that did
 * not fit whole spends the rest of the budget, so the next one is refused at the request.
 */
async function forgetTermBlocks(
  deps: PipelineDeps,
  t: { id: string; wordsTotal: number; retranslatedWords: number },
  book: Book,
  terms: string[],
): Promise<void> {
  const saved = await memory.savedBlocks(deps.db, t.id);
  const stale = bookBlocks(book)
    .filter((b) => terms.some((term) => containsTerm(b.text, term)))
    .map((b) => ({
      ...b,
      keys: [...saved.keys()].filter((key) => isUnitOf(key, b.id)),
    }))
    .filter((b) => b.keys.length > 0);
  const remaining = Math.max(0, t.wordsTotal - t.retranslatedWords);
  const chosen = withinWordLimit(stale, remaining);
  const words = chosen.reduce((sum, b) => sum + b.words, 0);
  const used = chosen.length < stale.length ? t.wordsTotal : t.retranslatedWords + words;
  await deps.db.transaction(async (tx) => {
    await memory.forgetBlocks(
      tx,
      t.id,
      chosen.flatMap((b) => b.keys),
    );
    await repo.update(tx, t.id, { retranslatedWords: used });
  });
}
