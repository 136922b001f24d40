/** Methods that change state and therefore carry the CSRF token. */
export function isStateChanging(method: string): boolean {
  return ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method.toUpperCase());
}

/** A 400 whose message mentions CSRF: the token is missing, stale or from another session. */
export function isCsrfFailure(status: number, message: string): boolean {
  return status === 400 && /csrf/i.test(message);
}

/** What the client does with a failed answer. */
export type FailureAction =
  /** 401: the session is gone; send the user to the login page. */
  | 'login'
  /** First CSRF failure: fetch a fresh token and send the request again. */
  | 'retry-with-new-token'
  /** CSRF failure after the retry: the session timed out. */
  | 'session-timed-out'
  /** Any other error: report it. */
  | 'fail';

export function failureAction(input: {
  status: number;
  message: string;
  method: string;
  /** 0 for the first attempt, 1 for the retry. */
  attempt: number;
  redirectOnUnauthorized: boolean;
}): FailureAction {
  if (input.status === 401 && input.redirectOnUnauthorized) return 'login';
  if (isStateChanging(input.method) && isCsrfFailure(input.status, input.message)) {
    return input.attempt === 0 ? 'retry-with-new-token' : 'session-timed-out';
  }
  return 'fail';
}

/** Where a user whose session is gone goes: the login page, coming back here afterwards. */
export function loginUrl(currentPath: string): string {
  if (!currentPath || currentPath.startsWith('/login')) return '/login/';
  return `/login/?next=${encodeURIComponent(currentPath)}`;
}
