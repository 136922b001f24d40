import { MESSAGES } from '@strata/core';

/** An API call that failed; `message` is readable text for a toast. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(message: string, status: number, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Flattens a field -> messages object (`{name: ['Required']}`) into "name: Required". */
function flattenFieldMessages(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix ? `${prefix}: ${value}` : value];
  if (Array.isArray(value)) return value.flatMap((v) => flattenFieldMessages(v, prefix));
  if (isRecord(value)) {
    return Object.entries(value).flatMap(([key, v]) =>
      flattenFieldMessages(v, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [];
}

/**
 * One readable message from an error answer: `{message: "…"}`, `{message: {field: [msgs]}}`,
 * `{errors: [{message}]}` or `{msg}`; otherwise the HTTP status text.
 */
export function extractErrorMessage(body: unknown, status = 0, statusText = ''): string {
  const said = serverMessage(body);
  if (said !== null) return said;
  if (statusText) return status ? `${status} ${statusText}` : statusText;
  if (status) return `${status} ${MESSAGES.unknownError}`;
  return MESSAGES.unknownError;
}

/** What the server said in an error answer's body, or null when it said nothing readable. */
export function serverMessage(body: unknown): string | null {
  if (typeof body === 'string' && body.trim() !== '' && !body.trim().startsWith('<')) {
    return body.trim();
  }
  if (isRecord(body)) {
    const { message, errors, msg, error } = body;
    if (typeof message === 'string' && message !== '') return message;
    if (isRecord(message) || Array.isArray(message)) {
      const parts = flattenFieldMessages(message);
      if (parts.length > 0) return parts.join('; ');
    }
    if (Array.isArray(errors)) {
      const parts = errors
        .map((e) => (isRecord(e) && typeof e.message === 'string' ? e.message : ''))
        .filter((m) => m !== '');
      if (parts.length > 0) return parts.join('; ');
    }
    if (typeof msg === 'string' && msg !== '') return msg;
    if (typeof error === 'string' && error !== '') return error;
  }
  return null;
}

/**
 * The server's message of a failed call, else `fallback` (a network failure, or an answer
 * that says nothing readable: a bare 500, an HTML error page).
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return serverMessage(error.body) ?? fallback;
  return fallback;
}

/**
 * The access link of a refused call (Superset's `errors[0].extra.link`, the operator's
 * PERMISSION_INSTRUCTIONS_LINK), shown as "Request Access"; only an http(s) address is taken.
 */
export function errorAccessLink(error: unknown): string | null {
  const body = error instanceof ApiError ? error.body : null;
  if (!isRecord(body) || !Array.isArray(body.errors)) return null;
  for (const e of body.errors) {
    const link = isRecord(e) && isRecord(e.extra) ? e.extra.link : null;
    if (typeof link !== 'string') continue;
    try {
      const url = new URL(link);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
    } catch {
      // Not an address: no link.
    }
  }
  return null;
}

/** Readable text of anything thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || MESSAGES.unknownError;
  if (typeof error === 'string' && error !== '') return error;
  return extractErrorMessage(error);
}

/** True for an aborted fetch (a component went away or a newer request replaced it). */
export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    (error as { name: unknown }).name === 'AbortError'
  );
}

/**
 * Field errors of a validation answer (`{message: {field: ['…']}}`) for the form's fields;
 * null when the answer is not about fields of this form.
 */
export function serverFieldErrors<F extends string>(
  body: unknown,
  fields: readonly F[],
): Array<{ name: F; errors: string[] }> | null {
  if (typeof body !== 'object' || body === null || !('message' in body)) return null;
  const message = (body as { message: unknown }).message;
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return null;
  const out: Array<{ name: F; errors: string[] }> = [];
  for (const [key, value] of Object.entries(message)) {
    const name = fields.find((f) => f === key);
    if (name === undefined) continue;
    const errors = (Array.isArray(value) ? value : [value]).filter(
      (v): v is string => typeof v === 'string',
    );
    if (errors.length > 0) out.push({ name, errors });
  }
  return out.length > 0 ? out : null;
}
