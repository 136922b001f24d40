import type { LoginCsrfTokenAnswer, LogoutAnswer } from '@strata/core';
import { api } from '../../app/api';

/** `POST /logout/`: ends the browser session (with the session's CSRF token, as every write). */
export function logout(): Promise<LogoutAnswer> {
  return api.post<LogoutAnswer>('/logout/', {}, { redirectOnUnauthorized: false });
}

/**
 * The login form's CSRF token from the server (sets the pre-session cookie it is bound to): for
 * pages whose bootstrap data has none (the Vite dev server's index.html).
 */
export async function fetchLoginCsrfToken(signal?: AbortSignal): Promise<string> {
  const answer = await api.get<LoginCsrfTokenAnswer>('/api/v1/security/login_csrf_token/', {
    signal,
    redirectOnUnauthorized: false,
  });
  return answer.result;
}
