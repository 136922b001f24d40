import { createApiClient } from './client';
import { loginUrl } from './csrf';

export {
  ApiError,
  errorMessage,
  extractErrorMessage,
  isAbortError,
  serverFieldErrors,
} from './errors';
export type { ApiClient, RequestOptions } from './client';
export * from './urls';

let redirecting = false;

/** The application's API client (browser fetch, login redirect on 401). */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  onUnauthorized: () => {
    if (redirecting) return;
    redirecting = true;
    const { pathname, search } = window.location;
    window.location.assign(loginUrl(pathname + search));
  },
});
export { fetchAllPages } from './paging';
export type { Page } from './paging';
