import type { User } from '@booktranslate/contract';
import type { Executor } from '../../db/database';
import { AppError } from '../../errors';
import { refreshUserPlan } from '../billing/user-plan';
import { creditsRepository } from '../credits/credits.repository';
import { freeCreditsPending } from '../credits/credits.service';
import { toUserDto } from '../users/to-user-dto';
import { usersRepository } from '../users/users.repository';

/**
 * The signed-in user's profile with live credit balances. The plan is brought up to date first: a
 * subscription cancelled at the end of its period turns into Free once that period has passed.
 */
export async function getProfile(db: Executor, userId: string, now = new Date()): Promise<User> {
  await refreshUserPlan(db, userId, now);
  const row = await usersRepository.findById(db, userId);
  if (!row) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
  return toUserDto(row, await creditsRepository.balances(db, userId), await freeCreditsPending(db, row));
}
