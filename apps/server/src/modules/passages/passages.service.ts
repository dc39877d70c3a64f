import type { PassageResponse, PassageRetranslations, PassagesResponse } from '@booktranslate/contract';
import { isRtl } from '@booktranslate/ebook';
import { keepEdges } from '@booktranslate/translator';
import type { Executor } from '../../db/database';
import type { TranslationRow } from '../../db/schema/translations';
import { AppError } from '../../errors';
import { rememberReaderEdit } from '../memory';
import {
  passageEditsRepository as edits,
  lockOwnTranslation,
  qaReportRepository as reports,
  translationsRepository as translations,
} from '../translations';
import { blockOf, ensureCompleted, ensureCovered, openReader, type Reader } from './open-reader';
import { flagsByBlock } from './passage-flags';
import { passageView, targetsOf } from './passage-view';
import type { PassagesDeps } from './passages-deps';
import { placeholderProblem } from './placeholder-problems';
import type { ReaderBlock, ReaderImage } from './reader-book';

/**
 * GET /translations/{id}/passages/?chapter=N: one chapter, every chapter's title and flag count;
 * `?passage=c3.b56` answers the chapter holding that passage (the QA report's links).
 */
export async function listPassages(
  deps: PassagesDeps,
  userId: string,
  id: string,
  query: { chapter: number; passage?: string | undefined },
): Promise<PassagesResponse> {
  const reader = await openReader(deps, userId, id);
  const { t, book } = reader;
  const chapter = query.passage === undefined ? query.chapter : chapterOf(reader, query.passage);
  if (chapter > 0 && chapter >= book.chapters.length)
    throw new AppError(
      'NOT_FOUND',
      `This book has ${book.chapters.length} chapters (from 0); no chapter ${chapter}`,
    );
  const flags = flagsByBlock(await reports.find(deps.db, t.id));
  const ownEdits = await edits.layers(deps.db, t.id);
  const blocks = book.chapters[chapter]?.blocks ?? [];
  const targets = await targetsOf(deps.db, reader, blocks, ownEdits);
  return {
    translation_id: t.id,
    source_language: t.sourceLanguage,
    target_language: t.targetLanguage,
    source_direction: isRtl(t.sourceLanguage) ? 'rtl' : 'ltr',
    target_direction: isRtl(t.targetLanguage) ? 'rtl' : 'ltr',
    chapter,
    chapters: book.chapters.map((c) => ({
      index: c.index,
      title: c.title,
      depth: c.depth,
      part: c.part,
      parts: c.parts,
      flagged: c.blocks.filter((b) => flags.has(b.id) && !ownEdits.has(b.id)).length,
      passages: c.blocks.length,
    })),
    passages: blocks.map((b) =>
      passageView(b, targets.get(b.id), flags.get(b.id) ?? [], reader.covered.has(b.id)),
    ),
    retranslations: await retranslations(deps, t),
  };
}

/**
 * GET …/passages/images/{image}/: an image a passage shows, the owner's only (404 for anyone else's
 * translation and for an id the book does not show).
 */
export async function passageImage(
  deps: PassagesDeps,
  userId: string,
  id: string,
  imageId: string,
): Promise<ReaderImage> {
  const { book } = await openReader(deps, userId, id);
  const image = book.images.get(imageId);
  if (!image) throw new AppError('NOT_FOUND', `This book has no image ${imageId}`);
  return image;
}

/** The largest edit accepted: generous against the source, never unbounded. */
function maxEditLength(source: string): number {
  return Math.min(50_000, Math.max(2_000, source.length * 10));
}

/**
 * PUT …/passages/{block_id}/: the owner's own text for a passage. It keeps exactly the block's
 * placeholders (400 naming what is missing otherwise) and wins over the engine's text from now on.
 */
export async function editPassage(
  deps: PassagesDeps,
  userId: string,
  id: string,
  blockId: string,
  target: string,
): Promise<PassageResponse> {
  const reader = await openReader(deps, userId, id);
  const block = blockOf(reader, blockId);
  ensureCovered(reader, block);
  if (target.trim() === '')
    throw new AppError(
      'VALIDATION_ERROR',
      'A passage cannot be empty: write its translation, or undo the edit',
      {
        field: 'target',
      },
    );
  if (target.length > maxEditLength(block.text))
    throw new AppError(
      'VALIDATION_ERROR',
      `This passage may be at most ${maxEditLength(block.text).toLocaleString('en-US')} characters long`,
      { field: 'target', max: maxEditLength(block.text) },
    );
  const problem = placeholderProblem(block.text, target, block.inlines);
  if (problem) throw new AppError('VALIDATION_ERROR', problem.message, problem.details);
  const text = keepEdges(block.text, target);
  await changeLocked(deps, reader, async (tx) => {
    const before = (await edits.layers(tx, reader.t.id, [block.id])).get(block.id);
    // An edit over a re-translation keeps it for undo; over an edit, what that one replaced.
    const previous = before?.kind === 'retranslation' ? before : (before?.previous ?? null);
    await edits.saveLayer(tx, reader.t.id, block.id, {
      text,
      kind: 'edit',
      previous: previous && { text: previous.text, kind: previous.kind },
    });
    return true;
  });
  // The owner's own text wins over the engine's in their later translations of this passage too.
  await rememberReaderEdit(deps.db, reader.t, block.text, text);
  return onePassage(deps, reader, block);
}

/**
 * DELETE …/passages/{block_id}/: undoes the edit or re-translation shown: back to the text it
 * replaced (an edit or a re-translation kept for this), else the engine's version (nothing to undo
 * answers the same).
 */
export async function revertPassage(
  deps: PassagesDeps,
  userId: string,
  id: string,
  blockId: string,
): Promise<PassageResponse> {
  const reader = await openReader(deps, userId, id);
  const block = blockOf(reader, blockId);
  await changeLocked(deps, reader, async (tx) => {
    const layer = (await edits.layers(tx, reader.t.id, [block.id])).get(block.id);
    if (!layer?.previous) return edits.remove(tx, reader.t.id, block.id);
    await edits.saveLayer(tx, reader.t.id, block.id, { ...layer.previous, previous: null });
    return true;
  });
  const now = (await edits.layers(deps.db, reader.t.id, [block.id])).get(block.id);
  await rememberReaderEdit(deps.db, reader.t, block.text, now?.kind === 'edit' ? now.text : null);
  return onePassage(deps, reader, block);
}

/** The reader's page holding block `blockId`; 404 when the book has none. */
function chapterOf(reader: Reader, blockId: string): number {
  const found = reader.book.chapters.find((c) => c.blocks.some((b) => b.id === blockId));
  if (!found) throw new AppError('NOT_FOUND', `This book has no passage ${blockId}`);
  return found.index;
}

/**
 * A change under the translation's row lock, refused unless it is still completed in the same run
 * (a glossary change may have started a new one); bumps the edits revision when something changed.
 */
export async function changeLocked(
  deps: PassagesDeps,
  reader: Reader,
  change: (tx: Executor) => Promise<boolean>,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const locked = await lockOwnTranslation(tx, reader.t.userId, reader.t.id);
    ensureCompleted(locked.status);
    if (locked.run !== reader.t.run)
      throw new AppError('CONFLICT', 'The translation changed meanwhile; reload the passage');
    if (await change(tx)) await translations.bumpEditsRevision(tx, locked.id);
  });
}

/** One passage as it is now, with the re-translation count. */
export async function onePassage(
  deps: PassagesDeps,
  reader: Reader,
  block: ReaderBlock,
  unchanged?: true,
): Promise<PassageResponse> {
  const t = (await translations.findById(deps.db, reader.t.id)) ?? reader.t;
  const targets = await targetsOf(deps.db, reader, [block]);
  const flags = flagsByBlock(await reports.find(deps.db, t.id)).get(block.id) ?? [];
  return {
    passage: passageView(block, targets.get(block.id), flags, reader.covered.has(block.id)),
    retranslations: await retranslations(deps, t),
    ...(unchanged ? { unchanged } : {}),
  };
}

async function retranslations(deps: PassagesDeps, t: TranslationRow): Promise<PassageRetranslations> {
  return {
    used: t.passageRetranslations,
    limit: deps.retranslationLimit,
    follows_instructions: await followsInstructions(deps, t),
  };
}

/** Whether the engine that would translate a passage of `t` again follows a reader's wish. */
export async function followsInstructions(deps: PassagesDeps, t: TranslationRow): Promise<boolean> {
  const choice = await deps.engineFor(t.sourceLanguage ?? 'en', t.targetLanguage);
  return choice.engine.understandsBrief;
}
