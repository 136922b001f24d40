/**
 * The date picker's locales (spec 001 §9) and how one is chosen: the user's choice (user menu,
 * kept in localStorage) when it is one of them, else the first of the browser's languages that
 * is, else English. Pure.
 */

export const DATE_PICKER_LOCALES = [
  'en',
  'fr',
  'es',
  'it',
  'zh',
  'ja',
  'de',
  'pt',
  'pt_BR',
  'ru',
  'ko',
  'sk',
  'sl',
  'nl',
] as const;
export type DatePickerLocale = (typeof DATE_PICKER_LOCALES)[number];

export const DEFAULT_DATE_PICKER_LOCALE: DatePickerLocale = 'en';

/** Where the user menu's choice is kept. */
export const DATE_PICKER_LOCALE_STORAGE_KEY = 'strata.datePickerLocale';

/** Each locale's name in its own language, for the user menu. */
export const DATE_PICKER_LOCALE_NAMES: Readonly<Record<DatePickerLocale, string>> = {
  en: 'English',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  zh: '中文',
  ja: '日本語',
  de: 'Deutsch',
  pt: 'Português',
  pt_BR: 'Português (Brasil)',
  ru: 'Русский',
  ko: '한국어',
  sk: 'Slovenčina',
  sl: 'Slovenščina',
  nl: 'Nederlands',
};

export function isDatePickerLocale(value: unknown): value is DatePickerLocale {
  return typeof value === 'string' && (DATE_PICKER_LOCALES as readonly string[]).includes(value);
}

/**
 * The locale for a BCP 47 language tag: `pt-BR` is Brazilian Portuguese; otherwise the primary
 * language (`fr-CA` is French, `zh-TW` Chinese); null when none fits.
 */
export function localeOfLanguage(tag: string): DatePickerLocale | null {
  const parts = tag.trim().replace(/_/g, '-').split('-');
  const language = (parts[0] ?? '').toLowerCase();
  const region = (parts[1] ?? '').toUpperCase();
  if (language === 'pt' && region === 'BR') return 'pt_BR';
  return isDatePickerLocale(language) ? language : null;
}

/** The locale in use: the stored choice, else the browser's first fitting language, else en. */
export function chooseDatePickerLocale(
  stored: string | null,
  browserLanguages: readonly string[],
): DatePickerLocale {
  if (isDatePickerLocale(stored)) return stored;
  for (const tag of browserLanguages) {
    const locale = localeOfLanguage(tag);
    if (locale) return locale;
  }
  return DEFAULT_DATE_PICKER_LOCALE;
}
