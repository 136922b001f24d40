/**
 * The date picker's locale in the browser: the user menu's choice kept in localStorage (every
 * picker follows a change at once, other tabs too), else navigator.languages; antd's picker
 * texts and dayjs's month and day names loaded on demand (one chunk per locale).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { DatePickerProps } from 'antd';
import {
  DATE_PICKER_LOCALE_STORAGE_KEY,
  chooseDatePickerLocale,
  type DatePickerLocale,
} from './locale';

type PickerLocale = NonNullable<DatePickerProps['locale']>;

/** antd's picker texts and the dayjs locale they name (dayjs must know it for month names). */
const LOADERS: Record<DatePickerLocale, () => Promise<PickerLocale>> = {
  en: () => import('antd/es/date-picker/locale/en_US').then((m) => m.default),
  fr: () =>
    import('dayjs/locale/fr').then(() =>
      import('antd/es/date-picker/locale/fr_FR').then((m) => m.default),
    ),
  es: () =>
    import('dayjs/locale/es').then(() =>
      import('antd/es/date-picker/locale/es_ES').then((m) => m.default),
    ),
  it: () =>
    import('dayjs/locale/it').then(() =>
      import('antd/es/date-picker/locale/it_IT').then((m) => m.default),
    ),
  zh: () =>
    import('dayjs/locale/zh-cn').then(() =>
      import('antd/es/date-picker/locale/zh_CN').then((m) => m.default),
    ),
  ja: () =>
    import('dayjs/locale/ja').then(() =>
      import('antd/es/date-picker/locale/ja_JP').then((m) => m.default),
    ),
  de: () =>
    import('dayjs/locale/de').then(() =>
      import('antd/es/date-picker/locale/de_DE').then((m) => m.default),
    ),
  pt: () =>
    import('dayjs/locale/pt').then(() =>
      import('antd/es/date-picker/locale/pt_PT').then((m) => m.default),
    ),
  pt_BR: () =>
    import('dayjs/locale/pt-br').then(() =>
      import('antd/es/date-picker/locale/pt_BR').then((m) => m.default),
    ),
  ru: () =>
    import('dayjs/locale/ru').then(() =>
      import('antd/es/date-picker/locale/ru_RU').then((m) => m.default),
    ),
  ko: () =>
    import('dayjs/locale/ko').then(() =>
      import('antd/es/date-picker/locale/ko_KR').then((m) => m.default),
    ),
  sk: () =>
    import('dayjs/locale/sk').then(() =>
      import('antd/es/date-picker/locale/sk_SK').then((m) => m.default),
    ),
  sl: () =>
    import('dayjs/locale/sl').then(() =>
      import('antd/es/date-picker/locale/sl_SI').then((m) => m.default),
    ),
  nl: () =>
    import('dayjs/locale/nl').then(() =>
      import('antd/es/date-picker/locale/nl_NL').then((m) => m.default),
    ),
};

const listeners = new Set<() => void>();

function storedChoice(): string | null {
  try {
    return window.localStorage.getItem(DATE_PICKER_LOCALE_STORAGE_KEY);
  } catch {
    // Storage refused (privacy settings): the browser's language decides.
    return null;
  }
}

/** The locale in use now. */
export function currentDatePickerLocale(): DatePickerLocale {
  if (typeof window === 'undefined') return 'en';
  return chooseDatePickerLocale(storedChoice(), window.navigator.languages ?? []);
}

/** The user menu's choice: kept, and every mounted picker follows. */
export function chooseDatePickerLocaleInMenu(locale: DatePickerLocale): void {
  try {
    window.localStorage.setItem(DATE_PICKER_LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not kept across pages; this page still follows the choice below.
  }
  chosenInPage = locale;
  for (const l of listeners) l();
}

let chosenInPage: DatePickerLocale | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === DATE_PICKER_LOCALE_STORAGE_KEY) {
      chosenInPage = null;
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function snapshot(): DatePickerLocale {
  return chosenInPage ?? currentDatePickerLocale();
}

/** The chosen locale, re-rendering when the user picks another. */
export function useChosenDatePickerLocale(): DatePickerLocale {
  return useSyncExternalStore(subscribe, snapshot, () => 'en' as DatePickerLocale);
}

const loaded = new Map<DatePickerLocale, PickerLocale>();

/** antd's locale for the date pickers (undefined, antd's English, until it has loaded). */
export function useDatePickerLocale(): PickerLocale | undefined {
  const chosen = useChosenDatePickerLocale();
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (loaded.has(chosen)) return;
    let live = true;
    LOADERS[chosen]()
      .then((l) => {
        loaded.set(chosen, l);
        if (live) setVersion((v) => v + 1);
      })
      .catch(() => {
        // A chunk that failed to load leaves antd's English texts.
      });
    return () => {
      live = false;
    };
  }, [chosen]);
  return loaded.get(chosen);
}
