import { describe, expect, it } from 'vitest';
import { failureAction, isCsrfFailure, isStateChanging, loginUrl } from './csrf';

describe('isStateChanging', () => {
  it('is true for POST, PUT, PATCH and DELETE', () => {
    expect(['POST', 'put', 'PATCH', 'DELETE'].map(isStateChanging)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(isStateChanging('GET')).toBe(false);
  });
});

describe('failureAction', () => {
  const base = { method: 'POST', attempt: 0, redirectOnUnauthorized: true };

  it('retries a CSRF failure once, then reports a timed-out session', () => {
    const csrf = { ...base, status: 400, message: 'The CSRF token has expired.' };
    expect(failureAction(csrf)).toBe('retry-with-new-token');
    expect(failureAction({ ...csrf, attempt: 1 })).toBe('session-timed-out');
  });

  it('does not retry GETs or other errors', () => {
    expect(failureAction({ ...base, method: 'GET', status: 400, message: 'CSRF' })).toBe('fail');
    expect(failureAction({ ...base, status: 400, message: 'Bad value' })).toBe('fail');
    expect(failureAction({ ...base, status: 403, message: 'CSRF' })).toBe('fail');
  });

  it('goes to the login page on 401', () => {
    expect(failureAction({ ...base, status: 401, message: '' })).toBe('login');
    expect(
      failureAction({ ...base, status: 401, message: '', redirectOnUnauthorized: false }),
    ).toBe('fail');
  });

  it('detects CSRF messages case-insensitively', () => {
    expect(isCsrfFailure(400, '400 Bad Request: The csrf token is missing.')).toBe(true);
    expect(isCsrfFailure(500, 'CSRF')).toBe(false);
  });
});

describe('loginUrl', () => {
  it('keeps where the user was', () => {
    expect(loginUrl('/dashboard/list/?pageIndex=2')).toBe(
      '/login/?next=%2Fdashboard%2Flist%2F%3FpageIndex%3D2',
    );
    expect(loginUrl('/')).toBe('/login/?next=%2F');
    expect(loginUrl('')).toBe('/login/');
    expect(loginUrl('/login/?next=/x')).toBe('/login/');
  });
});
