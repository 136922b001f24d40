import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@strata/core';
import { createApiClient } from './client';
import { ApiError } from './errors';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
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
      credentials: init?.credentials,
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
});
