import { describe, expect, it } from 'vitest';
import { findLanguage, LANGUAGE_CODES, LANGUAGES, languageLabel, sameLanguage } from './languages';

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

  it('compares by base language, keeping two different variants apart', () => {
    expect(sameLanguage('en-GB', 'en')).toBe(true);
    expect(sameLanguage('es', 'es-ar')).toBe(true);
    expect(sameLanguage('pt_BR', 'pt-br')).toBe(true);
    expect(sameLanguage('zh-cn', 'zh-tw')).toBe(false);
    expect(sameLanguage('en', 'es')).toBe(false);
    expect(sameLanguage(null, 'en')).toBe(false);
  });
});
