import { translationStatuses } from '@booktranslate/contract/translation-statuses';
import { describe, expect, it } from 'vitest';
import { creditReturnedOnCancel } from './status';

// What the server does on cancel (translations.service.ts reads the same rule): the credit comes
// back until translating begins, the glossary review included.
const SERVER_REFUNDS: Record<(typeof translationStatuses)[number], boolean> = {
  pending: true,
  loading: true,
  parsing: true,
  analyzing: true,
  processing: true,
  chunking: true,
  reviewing: true,
  translating: false,
  merging: false,
  completed: false,
  failed: false,
  canceled: false,
};

describe('the cancel dialog promises what the server does', () => {
  it.each(translationStatuses.map((s) => [s]))('%s', (status) => {
    expect(creditReturnedOnCancel(status)).toBe(SERVER_REFUNDS[status]);
  });
});
