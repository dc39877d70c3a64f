import { describe, expect, it } from 'vitest';
import { pageTitle } from './pageTitle';

describe('pageTitle', () => {
  it('names each screen and falls back to the product for the landing page', () => {
    expect(pageTitle('/billing/')).toBe('Billing & Subscription · BookTranslate');
    expect(pageTitle('/dashboard')).toBe('Your Library · BookTranslate');
    expect(pageTitle('/')).toBe('BookTranslate: read any book in your language');
  });
});
