import { pageBootstrap } from '../bootstrap';
import { createApiClient } from './client';
import { loginUrl } from './csrf';

export {
  ApiError,
  errorAccessLink,
  errorMessage,
  extractErrorMessage,
  isAbortError,
  serverFieldErrors,
  serverMessage,
  serverMessageOr,
} from './errors';
export type { ApiClient, RequestOptions } from './client';
export * from './urls';

let redirecting = false;

/** The application's API client (browser fetch, login redirect on 401). */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  // The page's own token (server-written bootstrap data): no token request before the first
  // state-changing call (a dashboard's chart queries leave as soon as its layout is known).
  initialCsrfToken:
    typeof document === 'undefined' ? null : (pageBootstrap(document).csrf_token ?? null),
  onUnauthorized: () => {
    if (redirecting) return;
    redirecting = true;
    const { pathname, search } = window.location;
    window.location.assign(loginUrl(pathname + search));
  },
});
export { fetchAllPages } from './paging';
export type { Page } from './paging';
