/**
 * The user's colour theme (issue 21): a setting (light, dark, or follow the system) and the
 * scheme it gives once the system's preference is known. Pure; the web reads the system's
 * preference (`prefers-color-scheme`) and the server writes the setting into the page.
 */

/** What the user chose in the user menu. */
export type ThemeSetting = 'light' | 'dark' | 'system';

/** What the page is drawn in. */
export type ColorScheme = 'light' | 'dark';

export const THEME_SETTINGS: readonly ThemeSetting[] = ['light', 'dark', 'system'];

/** The setting of a user who never chose one. */
export const DEFAULT_THEME_SETTING: ThemeSetting = 'system';

/** The user menu's names of the settings. */
export const THEME_SETTING_LABELS: Record<ThemeSetting, string> = {
  light: 'Light',
  dark: 'Dark',
  system: 'Follow the system',
};

/** The browser's copy of the setting (read before the first draw). */
export const THEME_STORAGE_KEY = 'strata.theme';

/** A known setting, or undefined for anything else (an old or foreign stored value). */
export function parseThemeSetting(value: unknown): ThemeSetting | undefined {
  return typeof value === 'string' && (THEME_SETTINGS as readonly string[]).includes(value)
    ? (value as ThemeSetting)
    : undefined;
}

/** The scheme a setting gives: "follow the system" takes the system's preference. */
export function resolveColorScheme(setting: ThemeSetting, systemPrefersDark: boolean): ColorScheme {
  if (setting === 'system') return systemPrefersDark ? 'dark' : 'light';
  return setting;
}

/**
 * The setting the page starts with: the server's (the logged-in user's, in the bootstrap data)
 * wins over the browser's copy, which is used when the server gave none (the dev server, the
 * login page); the default otherwise.
 */
export function initialThemeSetting(fromServer: unknown, fromBrowser: unknown): ThemeSetting {
  return parseThemeSetting(fromServer) ?? parseThemeSetting(fromBrowser) ?? DEFAULT_THEME_SETTING;
}

/** The user's preferences kept on the server (`/api/v1/me/preferences/`). */
export interface UserPreferences {
  theme: ThemeSetting;
}

export const DEFAULT_USER_PREFERENCES: UserPreferences = { theme: DEFAULT_THEME_SETTING };

/**
 * antd's design tokens as CSS variables (antd writes them on its components' roots; every page
 * is inside its layout), for inline styles that must follow the theme: surfaces, borders and
 * texts named by their role, never by a colour. Each has the light value as a fallback.
 */
export const CSS_VAR = {
  /** A panel, card or chart's surface (white in light). */
  surface: 'var(--ant-color-bg-container, #ffffff)',
  /** The page behind the panels. */
  layout: 'var(--ant-color-bg-layout, #f5f7f8)',
  /** A faint fill over a surface: table headers, code blocks, bars of tabs. */
  fillAlter: 'var(--ant-color-fill-alter, rgba(0, 0, 0, 0.02))',
  /** A light fill over a surface: placeholders, totals. */
  fill: 'var(--ant-color-fill-tertiary, rgba(0, 0, 0, 0.04))',
  /** The primary colour's lightest background (a chosen row). */
  primaryBg: 'var(--ant-color-primary-bg, #e6f4f5)',
  /** A warning's background. */
  warningBg: 'var(--ant-color-warning-bg, #fffbe6)',
  /** A warning's text on its background. */
  warningText: 'var(--ant-color-warning-text, #8a5a00)',
  /** An error's text. */
  errorText: 'var(--ant-color-error-text, #b4232a)',
  border: 'var(--ant-color-border, #d9d9d9)',
  borderSecondary: 'var(--ant-color-border-secondary, #f0f0f0)',
  text: 'var(--ant-color-text, rgba(0, 0, 0, 0.88))',
  textSecondary: 'var(--ant-color-text-secondary, rgba(0, 0, 0, 0.65))',
  textTertiary: 'var(--ant-color-text-tertiary, rgba(0, 0, 0, 0.45))',
} as const;
