import { describe, expect, it } from 'vitest';
import { InProcessQueue } from './in-process-queue.js';
import type { JobContext } from './types.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('InProcessQueue', () => {
  it('runs at most `concurrency` jobs at a time, in order, once work() is called', async () => {
    const q = new InProcessQueue();
    const started: number[] = [];
    const releases: Array<() => void> = [];
    for (const queryId of [1, 2, 3])
      await q.add('sqllab.execute', { queryId }, { jobId: `q${queryId}` });
    await tick();
    expect(started).toEqual([]);
    q.work(
      {
        'sqllab.execute': ({ queryId }) => {
          started.push(queryId);
          return new Promise<void>((r) => releases.push(r));
        },
      },
      2,
    );
    await tick();
    expect(started).toEqual([1, 2]);
    expect(q.size).toBe(1);
    releases[0]!();
    await tick();
    expect(started).toEqual([1, 2, 3]);
    releases[1]!();
    releases[2]!();
    await q.close();
  });

  it('removes waiting jobs only, and adds a waiting or running id once', async () => {
    const q = new InProcessQueue();
    const ran: number[] = [];
    let release!: () => void;
    q.work(
      {
        'sqllab.execute': async ({ queryId }) => {
          ran.push(queryId);
          if (queryId === 1) await new Promise<void>((r) => (release = r));
        },
      },
      1,
    );
    await q.add('sqllab.execute', { queryId: 1 }, { jobId: 'a' });
    await q.add('sqllab.execute', { queryId: 2 }, { jobId: 'b' });
    await q.add('sqllab.execute', { queryId: 2 }, { jobId: 'b' });
    await q.add('sqllab.execute', { queryId: 1 }, { jobId: 'a' });
    await tick();
    expect(q.size).toBe(1);
    expect(await q.remove('a')).toBe(false);
    expect(await q.remove('b')).toBe(true);
    expect(await q.remove('b')).toBe(false);
    release();
    await q.close();
    expect(ran).toEqual([1]);
  });

  it('copies payloads through JSON and retries only retryable jobs', async () => {
    const errors: string[] = [];
    const q = new InProcessQueue((id) => errors.push(id));
    const attempts: Record<string, number[]> = {};
    const seen: unknown[] = [];
    q.work(
      {
        'sqllab.execute': async (payload, ctx: JobContext) => {
          seen.push(payload);
          (attempts[ctx.jobId] ??= []).push(ctx.attempt);
          throw new Error('boom');
        },
        'chart_data.execute': async (_payload, ctx: JobContext) => {
          (attempts[ctx.jobId] ??= []).push(ctx.attempt);
          throw new Error('boom');
        },
      },
      1,
    );
    const payload = { queryId: 7, extra: () => 1 } as unknown as { queryId: number };
    await q.add('sqllab.execute', payload, { jobId: 's' });
    await q.add(
      'chart_data.execute',
      { jobId: 'j', channelId: 'c', userId: 1, contextKey: 'k' },
      { jobId: 'c' },
    );
    await tick();
    await tick();
    expect(seen).toEqual([{ queryId: 7 }]);
    expect(attempts).toEqual({ s: [1], c: [1, 2] });
    expect(errors).toEqual(['s', 'c', 'c']);
    await q.close();
  });

  it('aborts running jobs and refuses new ones when closed', async () => {
    const q = new InProcessQueue();
    let aborted = false;
    q.work(
      {
        'sqllab.execute': (_p, ctx) =>
          new Promise<void>((resolve) =>
            ctx.signal.addEventListener('abort', () => {
              aborted = true;
              resolve();
            }),
          ),
      },
      1,
    );
    await q.add('sqllab.execute', { queryId: 1 }, { jobId: 'x' });
    await tick();
    await q.close();
    expect(aborted).toBe(true);
    await expect(q.add('sqllab.execute', { queryId: 2 }, { jobId: 'y' })).rejects.toThrow('closed');
  });
});
