import type { TranslationReport } from '@booktranslate/contract';
import type { Database } from '../../../db/database';
import { AppError } from '../../../errors';
import { ownTranslation } from '../own-translation';
import { qaReportRepository as reports } from './qa-report.repository';

/** GET /translations/{id}/report/: the owner's QA report (404 for anyone else's id, 409 before one exists). */
export async function getReport(db: Database, userId: string, id: string): Promise<TranslationReport> {
  const t = await ownTranslation(db, userId, id);
  const report = await reports.find(db, t.id);
  if (!report) throw new AppError('CONFLICT', 'The quality report is written when the translation completes');
  const { usage: _usage, ...rest } = report;
  return rest;
}
