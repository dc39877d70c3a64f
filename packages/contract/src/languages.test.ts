import { describe, expect, it } from 'vitest';
import { findLanguage, LANGUAGE_CODES, LANGUAGES, languageLabel } from './languages';

describe('languages', () => {
  it('lists 36 perfect and 11 good languages with unique codes', () => {
    expect(LANGUAGES.filter((l) => l.quality === 'perfect')).toHaveLength(36);
    expect(LANGUAGES.filter((l) => l.quality === 'good')).toHaveLength(11);
    expect(new Set(LANGUAGE_CODES).size).toBe(47);
  });

  it('labels the good tier with (beta) and finds codes case-insensitively', () => {
    expect(languageLabel('uk')).toBe('Ukrainian (beta)');
    expect(languageLabel('es')).toBe('Spanish');
    expect(findLanguage('ZH-CN')?.code).toBe('zh-cn');
    expect(languageLabel('xx')).toBe('xx');
  });
});
