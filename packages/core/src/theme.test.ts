import { describe, expect, it } from 'vitest';
import { userPreferencesUpdate } from './preferences-api.js';
import { initialThemeSetting, parseThemeSetting, resolveColorScheme } from './theme.js';

describe('resolveColorScheme', () => {
  it('keeps an explicit light or dark whatever the system prefers', () => {
    expect(resolveColorScheme('light', true)).toBe('light');
    expect(resolveColorScheme('light', false)).toBe('light');
    expect(resolveColorScheme('dark', false)).toBe('dark');
    expect(resolveColorScheme('dark', true)).toBe('dark');
  });

  it('follows the system preference for "system"', () => {
    expect(resolveColorScheme('system', true)).toBe('dark');
    expect(resolveColorScheme('system', false)).toBe('light');
  });
});

describe('initialThemeSetting', () => {
  it("prefers the server's setting over the browser's copy", () => {
    expect(initialThemeSetting('light', 'dark')).toBe('light');
    expect(initialThemeSetting('system', 'dark')).toBe('system');
  });

  it("uses the browser's copy when the server gave none or an unknown value", () => {
    expect(initialThemeSetting(undefined, 'dark')).toBe('dark');
    expect(initialThemeSetting('sepia', 'dark')).toBe('dark');
  });

  it('falls back to following the system', () => {
    expect(initialThemeSetting(undefined, null)).toBe('system');
    expect(initialThemeSetting(null, 'DARK')).toBe('system');
  });
});

describe('parseThemeSetting', () => {
  it('accepts only the three settings', () => {
    expect(parseThemeSetting('dark')).toBe('dark');
    expect(parseThemeSetting(' dark')).toBeUndefined();
    expect(parseThemeSetting(1)).toBeUndefined();
  });
});

describe('userPreferencesUpdate', () => {
  it('accepts a partial update and refuses unknown fields or values', () => {
    expect(userPreferencesUpdate.parse({ theme: 'dark' })).toEqual({ theme: 'dark' });
    expect(userPreferencesUpdate.parse({})).toEqual({});
    expect(userPreferencesUpdate.safeParse({ theme: 'blue' }).success).toBe(false);
    expect(userPreferencesUpdate.safeParse({ theme: 'dark', font: 'big' }).success).toBe(false);
  });
});
