import type { User } from '@booktranslate/contract';
import type { Executor } from '../../db/database';
import { AppError } from '../../errors';
import { creditsRepository } from '../credits/credits.repository';
import { toUserDto } from './to-user-dto';
import { usersRepository } from './users.repository';

/** The signed-in user's profile with live credit balances. */
export async function getProfile(db: Executor, userId: string): Promise<User> {
  const row = await usersRepository.findById(db, userId);
  if (!row) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
  return toUserDto(row, await creditsRepository.balances(db, userId));
}
