import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@strata/core';
import { createApiClient, encodeBody } from './client';
import { ApiError } from './errors';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  rawBody: unknown;
  credentials: RequestCredentials | undefined;
  keepalive?: boolean | undefined;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fake fetch answering from a list of handlers, recording every call. */
function fakeFetch(handler: (call: Call, index: number) => Response) {
  const calls: Call[] = [];
  const fn = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? init.body : undefined,
      rawBody: init?.body,
      credentials: init?.credentials,
      keepalive: init?.keepalive,
    };
    calls.push(call);
    return Promise.resolve(handler(call, calls.length - 1));
  };
  return { fn: fn as typeof fetch, calls };
}

describe('api client', () => {
  it('sends GETs with same-origin credentials and no CSRF token', async () => {
    const f = fakeFetch(() => json(200, { result: [1] }));
    const client = createApiClient({ fetch: f.fn, onUnauthorized: vi.fn() });
    await expect(client.get('/api/v1/chart/')).resolves.toEqual({ result: [1] });
    expect(f.calls).toHaveLength(1);
    expect(f.calls[0]?.credentials).toBe('same-origin');
    expect(f.calls[0]?.headers['X-CSRFToken']).toBeUndefined();
  });

  it('fetches the CSRF token once and sends it on state-changing calls', async () => {
    const f = fakeFetch((call) =>
      call.url.includes('csrf_token') ? json(200, { result: 'tok1' }) : json(200, { ok: 1 }),
    );
    const client = createApiClient({ fetch: f.fn, onUnauthorized: vi.fn() });
    await client.post('/api/v1/x/', { a: 1 });
    await client.delete('/api/v1/x/1');
    expect(f.calls.map((c) => c.url)).toEqual([
      '/api/v1/security/csrf_token/',
      '/api/v1/x/',
      '/api/v1/x/1',
    ]);
    expect(f.calls[1]?.headers['X-CSRFToken']).toBe('tok1');
    expect(f.calls[1]?.headers['Content-Type']).toBe('application/json');
    expect(f.calls[1]?.body).toBe('{"a":1}');
    expect(f.calls[2]?.headers['X-CSRFToken']).toBe('tok1');
  });

  it("uses the page's own token without asking for one, and a new one once it is refused", async () => {
    let tokens = 0;
    const f = fakeFetch((call) => {
      if (call.url.includes('csrf_token')) {
        tokens += 1;
        return json(200, { result: `fresh${tokens}` });
      }
      return call.headers['X-CSRFToken'] === 'stale'
        ? json(400, { message: 'The CSRF token has expired.' })
        : json(200, { ok: 1 });
    });
    const client = createApiClient({
      fetch: f.fn,
      onUnauthorized: vi.fn(),
      initialCsrfToken: 'page',
    });
    await client.post('/api/v1/x/', {});
    await expect(client.csrfToken()).resolves.toBe('page');
    expect(f.calls.map((c) => [c.url, c.headers['X-CSRFToken']])).toEqual([['/api/v1/x/', 'page']]);
    const stale = createApiClient({
      fetch: f.fn,
      onUnauthorized: vi.fn(),
      initialCsrfToken: 'stale',
    });
    f.calls.length = 0;
    await expect(stale.put('/api/v1/x/1', {})).resolves.toEqual({ ok: 1 });
    expect(f.calls.map((c) => [c.url, c.headers['X-CSRFToken']])).toEqual([
      ['/api/v1/x/1', 'stale'],
      ['/api/v1/security/csrf_token/', undefined],
      ['/api/v1/x/1', 'fresh1'],
    ]);
  });

  it('gives a streamed POST its answer unread, and throws its failures as other calls do', async () => {
    const f = fakeFetch((call) =>
      call.url.endsWith('/ok')
        ? new Response('{"index":0}\n', { status: 200 })
        : json(404, { message: 'Not found' }),
    );
    const client = createApiClient({ fetch: f.fn, onUnauthorized: vi.fn(), initialCsrfToken: 't' });
    const res = await client.postStream('/api/v1/ok', { contexts: [] });
    expect(res.bodyUsed).toBe(false);
    await expect(res.text()).resolves.toBe('{"index":0}\n');
    expect(f.calls[0]?.headers['X-CSRFToken']).toBe('t');
    expect(f.calls[0]?.body).toBe('{"contexts":[]}');
    await expect(client.postStream('/api/v1/missing', {})).rejects.toMatchObject({
      status: 404,
      message: 'Not found',
    });
  });

  it('gives a raw GET its answer unread (a file), and sends the login page a 401', async () => {
    const f = fakeFetch((call) =>
      call.url.endsWith('/file')
        ? new Response('PK', { status: 200, headers: { 'content-disposition': 'attachment' } })
        : json(401, { message: 'Not authorized' }),
    );
    const onUnauthorized = vi.fn();
    const client = createApiClient({ fetch: f.fn, onUnauthorized, initialCsrfToken: 't' });
    const res = await client.getRaw('/api/v1/x/file');
    expect(res.bodyUsed).toBe(false);
    await expect(res.text()).resolves.toBe('PK');
    expect(f.calls[0]?.headers['X-CSRFToken']).toBeUndefined();
    await expect(client.getRaw('/api/v1/x/other')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('lets a request outlive the page when asked (keepalive), and only then', async () => {
    const f = fakeFetch(() => json(200, { key: 'k' }));
    const client = createApiClient({ fetch: f.fn, onUnauthorized: vi.fn(), initialCsrfToken: 't' });
    await client.put('/api/v1/x/1', { value: '{}' }, { keepalive: true });
    await client.put('/api/v1/x/1', { value: '{}' });
    expect(f.calls.map((c) => c.keepalive)).toEqual([true, undefined]);
  });

  it('refreshes the token and retries once after a CSRF failure', async () => {
    let tokens = 0;
    const f = fakeFetch((call) => {
      if (call.url.includes('csrf_token')) {
        tokens += 1;
        return json(200, { result: `tok${tokens}` });
      }
      return call.headers['X-CSRFToken'] === 'tok2'
        ? json(200, { message: 'OK' })
        : json(400, { message: 'The CSRF token has expired.' });
    });
    const client = createApiClient({ fetch: f.fn, onUnauthorized: vi.fn() });
    await expect(client.put('/api/v1/x/1', {})).resolves.toEqual({ message: 'OK' });
    expect(tokens).toBe(2);
  });

  it('reports a timed-out session when the retry fails the same way', async () => {
    const f = fakeFetch((call) =>
      call.url.includes('csrf_token')
        ? json(200, { result: 't' })
        : json(400, { errors: [{ message: '400 Bad Request: The CSRF token is missing.' }] }),
    );
    const client = createApiClient({ fetch: f.fn, onUnauthorized: vi.fn() });
    await expect(client.post('/api/v1/x/', {})).rejects.toThrow(MESSAGES.sessionTimedOut);
    expect(f.calls.filter((c) => !c.url.includes('csrf_token'))).toHaveLength(2);
  });

  it('does not retry other 400 errors', async () => {
    const f = fakeFetch((call) =>
      call.url.includes('csrf_token')
        ? json(200, { result: 't' })
        : json(400, { message: { name: ['Missing data for required field.'] } }),
    );
    const client = createApiClient({ fetch: f.fn, onUnauthorized: vi.fn() });
    await expect(client.post('/api/v1/x/', {})).rejects.toThrow(
      'name: Missing data for required field.',
    );
    expect(f.calls).toHaveLength(2);
  });

  it('calls onUnauthorized on 401 unless told not to', async () => {
    const f = fakeFetch(() => json(401, { message: 'Not authorized' }));
    const onUnauthorized = vi.fn();
    const client = createApiClient({ fetch: f.fn, onUnauthorized });
    const error = await client.get('/api/v1/me/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await client.get('/api/v1/me/', { redirectOnUnauthorized: false }).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('turns network failures into a readable error', async () => {
    const client = createApiClient({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      onUnauthorized: vi.fn(),
    });
    await expect(client.get('/x')).rejects.toThrow(MESSAGES.networkError);
  });

  it('uses the status text for non-JSON errors', async () => {
    const f = fakeFetch(
      () => new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const client = createApiClient({ fetch: f.fn, onUnauthorized: vi.fn() });
    await expect(client.get('/x')).rejects.toThrow('502 Bad Gateway');
  });

  it('posts FormData as it is, with the CSRF token and no content type of its own', async () => {
    let tokens = 0;
    const f = fakeFetch((call) => {
      if (call.url.includes('csrf_token')) {
        tokens += 1;
        return json(200, { result: `tok${tokens}` });
      }
      return call.headers['X-CSRFToken'] === 'tok2'
        ? json(201, { message: 'OK', dataset_id: 3 })
        : json(400, { message: 'The CSRF token has expired.' });
    });
    const client = createApiClient({ fetch: f.fn, onUnauthorized: vi.fn() });
    const form = new FormData();
    form.append('type', 'csv');
    form.append('file', new Blob(['a,b\n1,2\n']), 'x.csv');
    await expect(client.postForm('/api/v1/database/1/upload/', form)).resolves.toEqual({
      message: 'OK',
      dataset_id: 3,
    });
    const posts = f.calls.filter((c) => !c.url.includes('csrf_token'));
    expect(posts).toHaveLength(2);
    for (const call of posts) {
      expect(call.method).toBe('POST');
      expect(call.rawBody).toBe(form);
      expect(call.headers['Content-Type']).toBeUndefined();
    }
    expect(posts[1]?.headers['X-CSRFToken']).toBe('tok2');
  });
});

describe('encodeBody', () => {
  it('sends JSON with its content type', () => {
    expect(encodeBody({ a: 1 })).toEqual({ body: '{"a":1}', contentType: 'application/json' });
    expect(encodeBody(null)).toEqual({ body: 'null', contentType: 'application/json' });
  });

  it('leaves FormData alone and sets no content type', () => {
    const form = new FormData();
    form.append('a', '1');
    const encoded = encodeBody(form);
    expect(encoded.body).toBe(form);
    expect(encoded.contentType).toBeUndefined();
  });

  it('sends nothing without a body', () => {
    expect(encodeBody(undefined)).toEqual({});
  });
});
