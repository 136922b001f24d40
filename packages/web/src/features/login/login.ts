import { safeRedirectTarget } from '@strata/core';

/** Texts of the login page's `?error=` codes (set by the server's redirect). */
export const LOGIN_ERRORS: Record<string, string> = {
  invalid: 'Invalid login. Please try again.',
  csrf: 'The login form expired. Please try again.',
  throttled: 'Too many failed login attempts. Please wait a few minutes and try again.',
};

/** The message for an `?error=` code; unknown codes say the login failed. */
export function loginErrorMessage(code: string | null): string | null {
  if (!code) return null;
  return LOGIN_ERRORS[code] ?? LOGIN_ERRORS.invalid ?? null;
}

/**
 * The `next` path to send with the form: a path on this site only (core's `safeRedirectTarget`,
 * the server's check too: no scheme, no `//host`, no backslash, no control, space or invisible
 * character, also once decoded), never back to the login or logout page.
 */
export function safeNextPath(next: string | null): string | null {
  const target = safeRedirectTarget(next);
  if (target === null) return null;
  if (/^\/login(\/|\?|$)/.test(target) || /^\/logout(\/|\?|$)/.test(target)) return null;
  return target;
}
