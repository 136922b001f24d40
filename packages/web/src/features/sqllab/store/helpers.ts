import { MESSAGES, formatMessage } from '@strata/core';
import { ApiError } from '../../../app/api/errors';
import type { Toasts } from '../../../app/toasts';

/** True when a call failed because the thing is not (or no longer) there. */
export function isNotFound(e: unknown): boolean {
  return e instanceof ApiError && e.status === 404;
}

/** The catalogue's "An error occurred while {action}. Please contact your administrator." */
export function tabStateError(toasts: Toasts, action: string): void {
  toasts.addDangerToast(formatMessage(MESSAGES.tabStateError, action));
}

/** The body of a failed call, when there was one. */
export function errorBody(e: unknown): unknown {
  return e instanceof ApiError ? e.body : null;
}
