import { describe, expect, it } from 'vitest';
import {
  DATE_PICKER_LOCALES,
  DATE_PICKER_LOCALE_NAMES,
  chooseDatePickerLocale,
  localeOfLanguage,
} from './locale';

describe('the date picker locale', () => {
  it('offers the 14 locales of §9, each with a name', () => {
    expect(DATE_PICKER_LOCALES).toHaveLength(14);
    for (const l of DATE_PICKER_LOCALES) expect(DATE_PICKER_LOCALE_NAMES[l]).toBeTruthy();
  });

  it('reads browser language tags', () => {
    expect(localeOfLanguage('fr-FR')).toBe('fr');
    expect(localeOfLanguage('fr-CA')).toBe('fr');
    expect(localeOfLanguage('pt-BR')).toBe('pt_BR');
    expect(localeOfLanguage('pt-PT')).toBe('pt');
    expect(localeOfLanguage('pt')).toBe('pt');
    expect(localeOfLanguage('zh-TW')).toBe('zh');
    expect(localeOfLanguage('EN-us')).toBe('en');
    expect(localeOfLanguage('pl-PL')).toBeNull();
    expect(localeOfLanguage('')).toBeNull();
  });

  it('prefers the stored choice, then the browser, then English', () => {
    expect(chooseDatePickerLocale('de', ['fr-FR'])).toBe('de');
    expect(chooseDatePickerLocale('pt_BR', [])).toBe('pt_BR');
    expect(chooseDatePickerLocale('xx', ['pl-PL', 'nl-BE', 'fr'])).toBe('nl');
    expect(chooseDatePickerLocale(null, ['pl-PL'])).toBe('en');
    expect(chooseDatePickerLocale(null, [])).toBe('en');
  });
});
