import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@strata/core';
import {
  ApiError,
  errorAccessLink,
  errorMessage,
  extractErrorMessage,
  isAbortError,
  serverFieldErrors,
  serverMessageOr,
} from './errors';

describe('extractErrorMessage', () => {
  it('reads a string message', () => {
    expect(extractErrorMessage({ message: 'Forbidden' }, 403)).toBe('Forbidden');
  });

  it('flattens field messages', () => {
    expect(
      extractErrorMessage({
        message: { username: ['Already exists.'], email: ['Not a valid email address.'] },
      }),
    ).toBe('username: Already exists.; email: Not a valid email address.');
    expect(extractErrorMessage({ message: { a: { b: ['deep'] } } })).toBe('a.b: deep');
  });

  it('joins the messages of an errors array', () => {
    expect(
      extractErrorMessage({
        errors: [
          { message: 'First', error_type: 'X', level: 'error' },
          { message: 'Second', error_type: 'Y', level: 'error' },
        ],
      }),
    ).toBe('First; Second');
  });

  it('falls back to the status', () => {
    expect(extractErrorMessage(null, 500, 'Internal Server Error')).toBe(
      '500 Internal Server Error',
    );
    expect(extractErrorMessage({}, 500)).toBe(`500 ${MESSAGES.unknownError}`);
    expect(extractErrorMessage(undefined)).toBe(MESSAGES.unknownError);
    expect(extractErrorMessage('<html>', 502, 'Bad Gateway')).toBe('502 Bad Gateway');
    expect(extractErrorMessage('plain text error', 500)).toBe('plain text error');
  });
});

describe('errorMessage', () => {
  it('reads errors and strings', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage('text')).toBe('text');
    expect(errorMessage({ message: 'obj' })).toBe('obj');
  });
});

describe('isAbortError', () => {
  it('recognises aborts', () => {
    expect(isAbortError(new DOMException('aborted', 'AbortError'))).toBe(true);
    expect(isAbortError(new Error('x'))).toBe(false);
    expect(isAbortError(null)).toBe(false);
  });
});

describe('serverFieldErrors', () => {
  it('maps field messages onto form fields', () => {
    expect(
      serverFieldErrors(
        { message: { username: ['Already exists.'], other: ['x'], email: 'Bad email' } },
        ['username', 'email'],
      ),
    ).toEqual([
      { name: 'username', errors: ['Already exists.'] },
      { name: 'email', errors: ['Bad email'] },
    ]);
  });

  it('gives null for other answers', () => {
    expect(serverFieldErrors({ message: 'Forbidden' }, ['username'])).toBe(null);
    expect(serverFieldErrors({ message: { other: ['x'] } }, ['username'])).toBe(null);
    expect(serverFieldErrors(null, ['username'])).toBe(null);
  });
});

describe('serverMessageOr', () => {
  const fallback = 'Sorry, an unknown error occurred.';
  it("gives the server's message when it said one", () => {
    expect(serverMessageOr(new ApiError('x', 422, { message: 'Name taken' }), fallback)).toBe(
      'Name taken',
    );
  });

  it('gives the fallback for a bare status, an HTML page or a network failure', () => {
    expect(serverMessageOr(new ApiError('500 Unknown error.', 500, null), fallback)).toBe(fallback);
    expect(serverMessageOr(new ApiError('x', 502, '<html>Bad gateway</html>'), fallback)).toBe(
      fallback,
    );
    expect(serverMessageOr(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
  });
});

describe('errorAccessLink', () => {
  const refused = (link: unknown) =>
    new ApiError('Not found', 404, {
      message: 'Not found',
      errors: [{ error_type: 'DATASOURCE_SECURITY_ACCESS_ERROR', extra: { link } }],
    });
  it("reads Superset's errors[].extra.link, http(s) only", () => {
    expect(errorAccessLink(refused('https://wiki.example.org/access'))).toBe(
      'https://wiki.example.org/access',
    );
    expect(errorAccessLink(refused('javascript:alert(1)'))).toBeNull();
    expect(errorAccessLink(refused(42))).toBeNull();
    expect(errorAccessLink(new ApiError('x', 500, { message: 'x' }))).toBeNull();
    expect(errorAccessLink(new Error('x'))).toBeNull();
  });
});
