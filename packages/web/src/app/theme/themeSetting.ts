/**
 * The colour theme the page is drawn in (issue 21). The setting (light, dark, follow the
 * system) comes from the server's bootstrap data (the user's preference) or, without one, the
 * browser's copy in localStorage; it is read before React draws (`startThemeSetting` in
 * main.tsx) and written on `<html data-theme>`, which index.html's stylesheet reads for the
 * page's own background. "Follow the system" follows `prefers-color-scheme` live.
 */
import { useSyncExternalStore } from 'react';
import {
  THEME_STORAGE_KEY,
  initialThemeSetting,
  parseThemeSetting,
  resolveColorScheme,
} from '@strata/core';
import type { BootstrapData, ColorScheme, ThemeSetting } from '@strata/core';

const SYSTEM_DARK_QUERY = '(prefers-color-scheme: dark)';

let setting: ThemeSetting = 'system';
const listeners = new Set<() => void>();

function storedSetting(): string | null {
  try {
    return window.localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    // Storage refused (privacy settings): the server's setting or the default decides.
    return null;
  }
}

function storeSetting(value: ThemeSetting): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, value);
  } catch {
    // Not mirrored in this browser; the page still follows the setting.
  }
}

function applyToDocument(value: ThemeSetting): void {
  document.documentElement.dataset.theme = value;
}

/** Reads the setting before the first draw and mirrors the server's in the browser. */
export function startThemeSetting(bootstrap: BootstrapData): ThemeSetting {
  const fromServer = bootstrap.preferences?.theme;
  setting = initialThemeSetting(fromServer, storedSetting());
  if (fromServer) storeSetting(fromServer);
  applyToDocument(setting);
  window.addEventListener('storage', (e) => {
    // Another tab chose: this one follows.
    const next = e.key === THEME_STORAGE_KEY ? parseThemeSetting(e.newValue) : undefined;
    if (next && next !== setting) setThemeSetting(next);
  });
  return setting;
}

/** Changes the setting in this page and the browser's copy (the server is told separately). */
export function setThemeSetting(value: ThemeSetting): void {
  setting = value;
  storeSetting(value);
  applyToDocument(value);
  for (const l of listeners) l();
}

function subscribeSetting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The user's setting, re-rendering when it changes. */
export function useThemeSetting(): ThemeSetting {
  return useSyncExternalStore(
    subscribeSetting,
    () => setting,
    () => setting,
  );
}

let query: MediaQueryList | null | undefined;

function systemQuery(): MediaQueryList | null {
  if (query === undefined) {
    query =
      typeof window !== 'undefined' && typeof window.matchMedia === 'function'
        ? window.matchMedia(SYSTEM_DARK_QUERY)
        : null;
  }
  return query;
}

function subscribeSystem(listener: () => void): () => void {
  const q = systemQuery();
  q?.addEventListener('change', listener);
  return () => q?.removeEventListener('change', listener);
}

/** Whether the system asks for dark colours, followed live. */
export function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(
    subscribeSystem,
    () => systemQuery()?.matches ?? false,
    () => false,
  );
}

/** The scheme the page is drawn in now. */
export function useColorScheme(): ColorScheme {
  return resolveColorScheme(useThemeSetting(), useSystemPrefersDark());
}
