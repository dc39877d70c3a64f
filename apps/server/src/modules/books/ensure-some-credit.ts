import { noCreditsMessage } from '@booktranslate/contract';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import { creditsRepository } from '../credits/credits.repository';
import { totalCredits } from '../credits/credits.service';

/** 402 before a single byte is read when the user has no credit at all (the real check is transactional). */
export async function ensureSomeCredit(db: Database, userId: string): Promise<void> {
  if (totalCredits(await creditsRepository.balances(db, userId)) <= 0) {
    throw new AppError('INSUFFICIENT_CREDITS', noCreditsMessage);
  }
}
