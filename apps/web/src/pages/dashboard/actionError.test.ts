import { noCreditsMessage } from '@booktranslate/contract/no-credits';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { actionError } from './actionError';

describe('actionError', () => {
  it('says a missing credit in the contract’s sentence, the one the server answers with', () => {
    const err = new ApiError(402, 'whatever the server said', {
      status: 402,
      errorCode: 'INSUFFICIENT_CREDITS',
    });
    expect(actionError('retry', err)).toBe(`The translation could not be restarted. ${noCreditsMessage}`);
  });
});
