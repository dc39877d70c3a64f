import type { BlockNote, QaReport } from '@booktranslate/translator';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/database';
import { translationBlockNotes, translationReports } from '../../../db/schema/translation-reports';

/** The only code that queries the QA report and block-note tables. */
export const qaReportRepository = {
  async addNotes(db: Executor, translationId: string, run: number, notes: BlockNote[]): Promise<void> {
    if (notes.length === 0) return;
    await db.insert(translationBlockNotes).values(
      notes.map((n) => ({
        translationId,
        run,
        blockId: n.blockId,
        kind: n.kind,
        problem: n.problem.slice(0, 500),
        repair: n.repair,
      })),
    );
  },

  async notes(db: Executor, translationId: string, run: number): Promise<BlockNote[]> {
    const rows = await db
      .select()
      .from(translationBlockNotes)
      .where(and(eq(translationBlockNotes.translationId, translationId), eq(translationBlockNotes.run, run)))
      .orderBy(asc(translationBlockNotes.id));
    return rows.map((r) => ({
      blockId: r.blockId,
      kind: r.kind as BlockNote['kind'],
      problem: r.problem,
      repair: r.repair,
    }));
  },

  async save(db: Executor, translationId: string, run: number, report: QaReport): Promise<void> {
    const row = { translationId, run, report: report as unknown as Record<string, unknown> };
    await db
      .insert(translationReports)
      .values(row)
      .onConflictDoUpdate({ target: translationReports.translationId, set: { run, report: row.report } });
  },

  /** Replaces the stored report of the same run (the reader's re-translation drops a block's findings). */
  async replace(db: Executor, translationId: string, report: QaReport): Promise<void> {
    await db
      .update(translationReports)
      .set({ report: report as unknown as Record<string, unknown> })
      .where(eq(translationReports.translationId, translationId));
  },

  async find(db: Executor, translationId: string): Promise<QaReport | null> {
    const [row] = await db
      .select({ report: translationReports.report })
      .from(translationReports)
      .where(eq(translationReports.translationId, translationId));
    return (row?.report as unknown as QaReport | undefined) ?? null;
  },
};
