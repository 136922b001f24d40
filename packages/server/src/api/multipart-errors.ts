/**
 * What a failure while reading a multipart body means. The body's own faults (busboy's
 * "Boundary not found", "Unexpected end of form", "Malformed part header", a limit reached)
 * are the request's doing: a 400 that says so. A system error (a disk that is full, a
 * directory that cannot be written: an `E…` code) is the server's, and goes on as it is.
 */
import { ApiError } from './errors.js';

/** The ApiError to answer for `e`, or null when `e` is the server's own failure. */
export function multipartReadError(e: unknown, what: string): ApiError | null {
  if (e instanceof ApiError) return e;
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return null;
  const status = (e as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 500) return null;
  const message = e instanceof Error ? e.message : String(e);
  return new ApiError(400, `${what} could not be read: ${message}`);
}
