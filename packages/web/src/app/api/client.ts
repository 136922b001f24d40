import { CSRF_HEADER, MESSAGES } from '@strata/core';
import { failureAction, isStateChanging } from './csrf';
import { ApiError, extractErrorMessage, isAbortError } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON; a FormData is sent as multipart/form-data as it is. */
  body?: unknown;
  signal?: AbortSignal;
  /** Send the user to the login page on 401 (default true). */
  redirectOnUnauthorized?: boolean;
  /** Let the request outlive the page (sent as the page is left: fetch's `keepalive`). */
  keepalive?: boolean;
}

export interface ApiClientOptions {
  fetch: typeof fetch;
  /** Called on a 401 answer (the session is gone). */
  onUnauthorized: () => void;
  csrfTokenUrl?: string;
  /** A CSRF token the page already has (the bootstrap data's), used until the server refuses it. */
  initialCsrfToken?: string | null;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  /** POSTs a multipart/form-data body (files); the browser sets the content type. */
  postForm<T>(
    path: string,
    form: FormData,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  /**
   * POSTs a JSON body and gives the successful answer unread (its body is a stream the caller
   * reads as it arrives); failures throw as for the other calls.
   */
  postStream(
    path: string,
    body: unknown,
    options?: Omit<RequestOptions, 'method'>,
  ): Promise<Response>;
  /** GETs and gives the successful answer unread (a file to download); failures throw. */
  getRaw(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<Response>;
  /** The cached CSRF token, fetched on first use. */
  csrfToken(): Promise<string>;
}

export const CSRF_TOKEN_URL = '/api/v1/security/csrf_token/';

/**
 * How a request body goes out: JSON text with its content type; a FormData as it is, with no
 * content type of ours (fetch sets `multipart/form-data; boundary=…` itself); nothing at all.
 */
export function encodeBody(body: unknown): { body?: BodyInit; contentType?: string } {
  if (body === undefined) return {};
  if (typeof FormData !== 'undefined' && body instanceof FormData) return { body };
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (text === '') return null;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json') || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * The one way the application talks to the server: same-origin cookies, JSON (or multipart)
 * bodies, the CSRF token on state-changing calls (fetched once, refreshed and retried once when
 * the server refuses it), readable errors, and a trip to the login page when the session is gone.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl = options.fetch;
  const tokenUrl = options.csrfTokenUrl ?? CSRF_TOKEN_URL;
  let tokenPromise: Promise<string> | null = null;
  let knownToken: string | null = options.initialCsrfToken ?? null;

  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(path, { credentials: 'same-origin', ...init });
    } catch (e) {
      if (isAbortError(e)) throw e;
      throw new ApiError(MESSAGES.networkError, 0);
    }
  }

  async function fetchToken(): Promise<string> {
    const res = await send(tokenUrl, { method: 'GET', headers: { Accept: 'application/json' } });
    const body = await readBody(res);
    if (res.status === 401) {
      options.onUnauthorized();
      throw new ApiError(extractErrorMessage(body, res.status, res.statusText), res.status, body);
    }
    if (!res.ok) {
      throw new ApiError(extractErrorMessage(body, res.status, res.statusText), res.status, body);
    }
    const token =
      typeof body === 'object' && body !== null && 'result' in body
        ? (body as { result: unknown }).result
        : undefined;
    if (typeof token !== 'string') throw new ApiError(MESSAGES.sessionTimedOut, res.status, body);
    return token;
  }

  function csrfToken(): Promise<string> {
    if (!tokenPromise && knownToken) tokenPromise = Promise.resolve(knownToken);
    if (!tokenPromise) {
      const pending = fetchToken();
      tokenPromise = pending;
      pending.then(
        (token) => {
          if (tokenPromise === pending) knownToken = token;
        },
        () => {
          if (tokenPromise === pending) tokenPromise = null;
        },
      );
    }
    return tokenPromise;
  }

  /**
   * Sends a call with the CSRF, retry and login rules; the answer when it is a success, read
   * whole (`read`) or left unread for the caller to stream.
   */
  async function exchange(path: string, opts: RequestOptions, read: boolean): Promise<unknown> {
    const method = opts.method ?? 'GET';
    const redirectOnUnauthorized = opts.redirectOnUnauthorized ?? true;
    for (let attempt = 0; ; attempt += 1) {
      const headers: Record<string, string> = { Accept: 'application/json' };
      const encoded = encodeBody(opts.body);
      if (encoded.contentType) headers['Content-Type'] = encoded.contentType;
      // A known token is used at once, so the request leaves before the page re-renders.
      if (isStateChanging(method)) headers[CSRF_HEADER] = knownToken ?? (await csrfToken());
      const res = await send(path, {
        method,
        headers,
        body: encoded.body,
        signal: opts.signal,
        ...(opts.keepalive ? { keepalive: true } : {}),
      });
      if (res.ok && !read) return res;
      const body = await readBody(res);
      if (res.ok) return body;
      const message = extractErrorMessage(body, res.status, res.statusText);
      const action = failureAction({
        status: res.status,
        message,
        method,
        attempt,
        redirectOnUnauthorized,
      });
      if (action === 'retry-with-new-token') {
        tokenPromise = null;
        knownToken = null;
        continue;
      }
      if (action === 'session-timed-out') {
        throw new ApiError(MESSAGES.sessionTimedOut, res.status, body);
      }
      if (action === 'login') options.onUnauthorized();
      throw new ApiError(message, res.status, body);
    }
  }

  function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    return exchange(path, opts, true) as Promise<T>;
  }

  return {
    request,
    postStream: (path, body, o) =>
      exchange(path, { ...o, method: 'POST', body }, false) as Promise<Response>,
    getRaw: (path, o) => exchange(path, { ...o, method: 'GET' }, false) as Promise<Response>,
    get: (path, o) => request(path, { ...o, method: 'GET' }),
    post: (path, body, o) => request(path, { ...o, method: 'POST', body }),
    put: (path, body, o) => request(path, { ...o, method: 'PUT', body }),
    delete: (path, o) => request(path, { ...o, method: 'DELETE' }),
    postForm: (path, form, o) => request(path, { ...o, method: 'POST', body: form }),
    csrfToken,
  };
}
