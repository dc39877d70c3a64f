import { describe, expect, it } from 'vitest';
import { wireBook, wireTranslation, wireUser } from './mock/wire';
import { wireSubscription } from './mock/wire-billing';
import { bookRefused, nextBillingDate, titledBook, userName } from './types';

describe('the values the screens derive from the contract', () => {
  it('names a user by full name, else first and last name, else the email', () => {
    expect(userName(wireUser({ full_name: 'Ann Reader' }))).toBe('Ann Reader');
    expect(userName(wireUser({ full_name: '', first_name: 'Ann', last_name: 'R' }))).toBe('Ann R');
    expect(userName(wireUser({ full_name: '', first_name: '', last_name: '' }))).toBe('ann@example.com');
  });

  it('calls a book without a title "Untitled"', () => {
    expect(titledBook(wireBook({ title: '' })).title).toBe('Untitled');
    expect(titledBook(wireBook({ title: 'Dracula' })).title).toBe('Dracula');
  });

  it('says a translation failed for its book only on failure_kind "book"', () => {
    expect(bookRefused(wireTranslation({ status: 'failed', failure_kind: 'book' }))).toBe(true);
    expect(bookRefused(wireTranslation({ status: 'failed', failure_kind: null }))).toBe(false);
  });

  it('bills next on the next billing date, else on the end date', () => {
    const next = '2026-12-01T00:00:00.000Z';
    const end = '2026-12-31T00:00:00.000Z';
    expect(nextBillingDate(wireSubscription('reader', { next_billing_date: next, end_date: end }))).toBe(
      next,
    );
    expect(nextBillingDate(wireSubscription('reader', { end_date: end }))).toBe(end);
    expect(nextBillingDate(wireSubscription('reader'))).toBeNull();
  });
});
