import { risonEncode, type RisonValue } from '@strata/core';

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** A small HTTP client for API tests: bearer token or session cookie (+ CSRF token). */
export class ApiClient {
  token: string | null = null;
  cookie: string | null = null;
  csrf: string | null = null;

  constructor(readonly baseUrl: string) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiAnswer<T>> {
    const h: Record<string, string> = { ...headers };
    if (this.token) h.authorization = `Bearer ${this.token}`;
    if (this.cookie) h.cookie = this.cookie;
    if (this.csrf && method !== 'GET' && !('x-csrftoken' in h)) h['x-csrftoken'] = this.csrf;
    let payload: string | undefined;
    if (body !== undefined) {
      h['content-type'] ??= 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: h,
      body: payload,
      redirect: 'manual',
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = Record<string, unknown>>(path: string, q?: RisonValue) {
    const sep = path.includes('?') ? '&' : '?';
    return this.request<T>(
      'GET',
      q === undefined ? path : `${path}${sep}q=${encodeURIComponent(risonEncode(q))}`,
    );
  }
  post<T = Record<string, unknown>>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body ?? {});
  }
  put<T = Record<string, unknown>>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body ?? {});
  }
  delete<T = Record<string, unknown>>(path: string) {
    return this.request<T>('DELETE', path);
  }

  /** Logs in through the API and keeps the access token. */
  async loginWithToken(username: string, password: string): Promise<void> {
    // A login sends no old token (a revoked one would be refused before the login route).
    this.token = null;
    const res = await this.post<{ access_token: string }>('/api/v1/security/login', {
      username,
      password,
      provider: 'db',
      refresh: true,
    });
    if (res.status !== 200)
      throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
    this.token = res.body.access_token;
  }

  /**
   * The login form's CSRF token and its pre-session cookie (`cookie: token` pairs for a form
   * post), as the login page gets them.
   */
  async loginFormToken(): Promise<{ cookie: string; token: string }> {
    const res = await fetch(`${this.baseUrl}/api/v1/security/login_csrf_token/`);
    const set = res.headers.getSetCookie().find((c) => c.startsWith('login_csrf='));
    if (res.status !== 200 || !set) throw new Error(`no login form token: ${res.status}`);
    const body = (await res.json()) as { result: string };
    return { cookie: set.split(';')[0]!, token: body.result };
  }

  /**
   * Logs in through the login form (with its CSRF token), keeps the session cookie and fetches
   * a CSRF token. `fields` adds form fields (e.g. next).
   */
  async loginWithForm(
    username: string,
    password: string,
    fields: Record<string, string> = {},
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const form = await this.loginFormToken();
    const res = await fetch(`${this.baseUrl}/login/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: form.cookie,
        ...headers,
      },
      body: new URLSearchParams({
        username,
        password,
        csrf_token: form.token,
        ...fields,
      }).toString(),
      redirect: 'manual',
    });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('session='));
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    if (this.cookie) {
      const t = await this.get<{ result: string }>('/api/v1/security/csrf_token/');
      this.csrf = t.body.result;
    }
    return res;
  }
}
