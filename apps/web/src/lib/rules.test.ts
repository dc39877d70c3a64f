import { describe, expect, it } from 'vitest';
import { filterBooks } from './bookFilter';
import { createCircuitBreaker } from './circuitBreaker';
import { activeTier, canUpgrade, normalizePlan, totalCredits } from './credits';
import { initials, titleTile } from './initials';
import { POLL_MS, pollInterval } from './polling';
import { clampProgress, isInProgress } from './status';
import { availableTargetLanguages } from './targetLanguages';
import { timeAgo } from './timeAgo';

const now = Date.parse('2026-01-01T12:00:00Z');
const ago = (s: number) => new Date(now - s * 1000);

describe('timeAgo', () => {
  it('reads Just now under a minute, then pluralised units', () => {
    expect(timeAgo(ago(59), now)).toBe('Just now');
    expect(timeAgo(ago(60), now)).toBe('1 minute ago');
    expect(timeAgo(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(timeAgo(ago(3600), now)).toBe('1 hour ago');
    expect(timeAgo(ago(2 * 86400), now)).toBe('2 days ago');
    expect(timeAgo(ago(30 * 86400), now)).toBe('1 month ago');
    expect(timeAgo(ago(364 * 86400), now)).toBe('12 months ago');
    expect(timeAgo(ago(2 * 365 * 86400), now)).toBe('2 years ago');
  });
});

describe('initials and title tile', () => {
  it('takes the first letters of up to 2 words, upper-case', () => {
    expect(initials('ada lovelace byron')).toBe('AL');
    expect(initials('  plato ')).toBe('P');
    expect(initials('')).toBe('');
  });
  it('uses the first 2 or 3 letters of the title', () => {
    expect(titleTile('war and peace')).toBe('WAR');
    expect(titleTile('It')).toBe('IT');
  });
});

describe('credits', () => {
  it('sums all tiers and picks BOOKWORM, then READER, then FREE', () => {
    expect(totalCredits({ FREE: 1, READER: 2, BOOKWORM: 3 })).toBe(6);
    expect(totalCredits(null)).toBe(0);
    expect(activeTier({ FREE: 2, READER: 1, BOOKWORM: 0 })).toBe('READER');
    expect(activeTier({ FREE: 0, READER: 0, BOOKWORM: 0 })).toBe('FREE');
  });
  it('treats any plan below BookWorm as upgradable and maps legacy names', () => {
    expect(canUpgrade('free')).toBe(true);
    expect(canUpgrade('reader')).toBe(true);
    expect(canUpgrade('bookworm')).toBe(false);
    expect(normalizePlan('bibliophile')).toBe('bookworm');
    expect(normalizePlan('discover')).toBe('reader');
  });
});

describe('polling and progress', () => {
  const book = (...statuses: string[]) => ({ translations: statuses.map((status) => ({ status })) });
  it('polls every 15 s while a translation is in progress', () => {
    expect(pollInterval([book('completed'), book('translating')], false)).toBe(POLL_MS);
    expect(POLL_MS).toBe(15_000);
  });
  it('stops when none is in progress or the last poll failed', () => {
    expect(pollInterval([book('completed', 'failed')], false)).toBe(false);
    expect(pollInterval([book('pending')], true)).toBe(false);
    expect(pollInterval(undefined, false)).toBe(false);
  });
  it('knows the in-progress statuses and clamps progress', () => {
    for (const s of ['pending', 'processing', 'chunking', 'translating', 'merging'])
      expect(isInProgress(s)).toBe(true);
    expect(isInProgress('completed')).toBe(false);
    expect(clampProgress(140)).toBe(100);
    expect(clampProgress(-3)).toBe(0);
  });
});

describe('circuit breaker', () => {
  it('allows 10 calls in 60 s, then refuses until the window moves on', () => {
    let t = 0;
    const breaker = createCircuitBreaker(10, 60_000, () => t);
    for (let i = 0; i < 10; i++) expect(breaker.tryCall()).toBe(true);
    expect(breaker.tryCall()).toBe(false);
    t = 59_999;
    expect(breaker.tryCall()).toBe(false);
    t = 60_000;
    expect(breaker.tryCall()).toBe(true);
  });
});

describe('language exclusion', () => {
  it('leaves out the original and already translated languages', () => {
    const codes = availableTargetLanguages('en', ['es', 'FR']).map((l) => l.code);
    expect(codes).not.toContain('en');
    expect(codes).not.toContain('es');
    expect(codes).not.toContain('fr');
    expect(codes).toHaveLength(44);
  });

  it('leaves out the original by base language: no English for an en-GB book, no Spanish variant for es', () => {
    expect(availableTargetLanguages('en-GB', []).map((l) => l.code)).not.toContain('en');
    const forSpanish = availableTargetLanguages('es', []).map((l) => l.code);
    expect(forSpanish).not.toContain('es-ar');
    expect(availableTargetLanguages('zh-cn', []).map((l) => l.code)).toContain('zh-tw');
  });
});

describe('book filter', () => {
  const books = [
    { title: 'Dracula', author: 'Bram Stoker', translations: [{ status: 'completed' }] },
    { title: 'Emma', author: 'Jane Austen', translations: [{ status: 'translating' }] },
    { title: 'Walden', author: '', translations: [] },
  ];
  it('searches title and author and filters by status', () => {
    expect(filterBooks(books, 'austen', 'all').map((b) => b.title)).toEqual(['Emma']);
    expect(filterBooks(books, '', 'completed').map((b) => b.title)).toEqual(['Dracula']);
    expect(filterBooks(books, '', 'processing').map((b) => b.title)).toEqual(['Emma']);
    expect(filterBooks(books, 'zzz', 'all')).toEqual([]);
  });
});
