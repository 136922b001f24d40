/** Texts of the login page's `?error=` codes (set by the server's redirect). */
export const LOGIN_ERRORS: Record<string, string> = {
  invalid: 'Invalid login. Please try again.',
  throttled: 'Too many failed login attempts. Please wait a few minutes and try again.',
};

/** The message for an `?error=` code; unknown codes say the login failed. */
export function loginErrorMessage(code: string | null): string | null {
  if (!code) return null;
  return LOGIN_ERRORS[code] ?? LOGIN_ERRORS.invalid ?? null;
}

/**
 * The `next` path to send with the form: a local path only (no scheme, no `//host`, no
 * backslashes), never back to the login page itself.
 */
export function safeNextPath(next: string | null): string | null {
  if (!next) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  if (/^\/login(\/|\?|$)/.test(next) || /^\/logout(\/|\?|$)/.test(next)) return null;
  return next;
}
