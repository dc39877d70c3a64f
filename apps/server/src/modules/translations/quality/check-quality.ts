import type { Book } from '@booktranslate/ebook';
import { countWords } from '@booktranslate/ebook';
import {
  buildQaReport,
  emptyUsage,
  limiterFor,
  type QaBlock,
  type QaReport,
  qaFindings,
  refineFlagged,
  sourceLanguageCheck,
  sourceWordCheck,
} from '@booktranslate/translator';
import type { TranslationRow } from '../../../db/schema/translations';
import { toEngineBrief } from '../brief/engine-brief';
import { blocksToTranslate, sourceHash } from '../pipeline/book-blocks';
import type { PipelineDeps } from '../pipeline/pipeline-deps';
import { translationMemoryRepository as memory } from '../translation-memory.repository';
import { qaReportRepository as reports } from './qa-report.repository';

/**
 * The QA step of merging (issue 12): a first report over the saved translations, one more request
 * for each flagged block with its finding stated (a better text replaces the saved one, in `texts`
 * and in the memory), then the final report, saved for GET /translations/{id}/report/.
 */
export async function checkQuality(
  deps: PipelineDeps,
  t: TranslationRow,
  book: Book,
  texts: Map<string, string>,
  signal?: AbortSignal,
): Promise<QaReport> {
  const covered = new Set(blocksToTranslate(book, t.wordLimit).map((b) => b.id));
  const blocks: QaBlock[] = book.chapters.flatMap((chapter) =>
    chapter.blocks
      .filter((b) => covered.has(b.id))
      .map((b) => ({
        blockId: b.id,
        chapterId: chapter.title ?? chapter.id,
        source: b.text,
        target: texts.get(b.id),
      })),
  );
  const from = t.sourceLanguage ?? 'en';
  const choice = await deps.engineFor(from, t.targetLanguage);
  const stillInSource = choice.isDemo ? undefined : await sourceLanguageCheck(from, t.targetLanguage);
  const brief = toEngineBrief(t.brief);
  const isSourceWord = choice.isDemo ? undefined : await sourceWordCheck(from, t.targetLanguage);
  const input = {
    blocks,
    glossary: brief?.glossary,
    notes: await reports.notes(deps.db, t.id, t.run),
    stillInSource,
    isSourceWord,
    to: t.targetLanguage,
  };
  const first = buildQaReport(input);
  const findings = qaFindings(first);
  // The owner's own edits, taken from their memory, are theirs: never replaced by a refinement.
  for (const [blockId, origin] of await memory.memoryOrigins(deps.db, t.id))
    if (origin === 'edit') findings.delete(blockId);
  if (findings.size === 0 || choice.isDemo) return save(deps, t, first);
  let outcome: Awaited<ReturnType<typeof refineFlagged>>;
  try {
    outcome = await refineFlagged(blocks, findings, {
      engine: choice.engine,
      from,
      to: t.targetLanguage,
      brief,
      limiter: limiterFor(choice.label, { concurrency: deps.concurrency }),
      stillInSource,
      usage: emptyUsage(),
      signal,
    });
  } catch (error) {
    // Refining is a bonus: a spent ceiling, a quota or an outage leaves the translation as it is.
    if (signal?.aborted) throw error;
    return save(deps, t, first);
  }
  const { texts: better, refined } = outcome;
  const sources = new Map(blocks.map((b) => [b.blockId, b.source]));
  for (const [blockId, text] of better) {
    const source = sources.get(blockId) as string;
    await memory.replaceBlock(deps.db, t.id, {
      blockId,
      sourceHash: sourceHash(source),
      text,
      words: countWords(source),
    });
    texts.set(blockId, text);
  }
  const final = blocks.map((b) => ({ ...b, target: texts.get(b.blockId) }));
  return save(deps, t, buildQaReport({ ...input, blocks: final, refined }));
}

async function save(deps: PipelineDeps, t: TranslationRow, report: QaReport): Promise<QaReport> {
  await reports.save(deps.db, t.id, t.run, report);
  return report;
}
