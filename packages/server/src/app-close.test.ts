import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeWithin } from './app.js';

describe('closeWithin', () => {
  it('cuts a request that never ends once the drain time is over', async () => {
    const app = Fastify({ logger: false });
    let reached = () => {};
    const inFlight = new Promise<void>((resolve) => (reached = resolve));
    app.get('/forever', async () => {
      reached();
      await new Promise(() => {});
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const request = fetch(`${address}/forever`).then(
      () => 'answered',
      () => 'cut',
    );
    await inFlight;
    const started = Date.now();
    await closeWithin(app, 200);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await request).toBe('cut');
  });

  it('lets a request in flight finish within the drain time', async () => {
    const app = Fastify({ logger: false });
    let reached = () => {};
    const inFlight = new Promise<void>((resolve) => (reached = resolve));
    app.get('/slow', async () => {
      reached();
      await new Promise((r) => setTimeout(r, 100));
      return { ok: true };
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const request = fetch(`${address}/slow`).then((r) => r.json());
    await inFlight;
    await closeWithin(app, 5000);
    expect(await request).toEqual({ ok: true });
  });
});
