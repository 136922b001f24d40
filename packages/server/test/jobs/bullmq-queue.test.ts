import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BullMqQueue, lostJobMessage, toBullJobId } from '../../src/jobs/bullmq-queue.js';
import type { JobContext } from '../../src/jobs/types.js';
import { REDIS_URL, redisReachable } from '../helpers/redis.js';
import { startTsProcess, type TsProcess } from '../helpers/ts-process.js';

const redis = await redisReachable('the BullMQ queue tests');
const here = path.dirname(fileURLToPath(import.meta.url));
const LEASE = 2;

async function waitUntil(what: string, check: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function dropKeys(client: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    cursor = next;
    if (keys.length) await client.del(...keys);
  } while (cursor !== '0');
}

describe.skipIf(!redis)('BullMqQueue', () => {
  const opened: BullMqQueue[] = [];
  const prefixes: string[] = [];
  const children: TsProcess[] = [];
  const errors: Array<{ jobId: string; name: string; message: string }> = [];

  function newQueue(prefix?: string): { queue: BullMqQueue; prefix: string } {
    const p = prefix ?? `strata-test-${randomBytes(5).toString('hex')}`;
    if (!prefixes.includes(p)) prefixes.push(p);
    const queue = new BullMqQueue({
      redisUrl: REDIS_URL,
      prefix: p,
      leaseSeconds: LEASE,
      onError: (jobId, name, e) =>
        errors.push({ jobId, name, message: e instanceof Error ? e.message : String(e) }),
    });
    opened.push(queue);
    return { queue, prefix: p };
  }

  afterEach(async () => {
    for (const c of children.splice(0)) {
      if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
      await c.exited();
    }
    await Promise.all(opened.splice(0).map((q) => q.close()));
    for (const p of prefixes.splice(0)) await dropKeys(redis!, p);
    errors.length = 0;
  });
  afterAll(() => redis?.disconnect());

  it('runs a job with its payload, its id and attempt 1', async () => {
    const { queue } = newQueue();
    const seen: Array<{ payload: unknown; jobId: string; attempt: number }> = [];
    queue.work(
      {
        'sqllab.execute': async (payload, ctx) => {
          seen.push({ payload, jobId: ctx.jobId, attempt: ctx.attempt });
        },
      },
      2,
    );
    await queue.add('sqllab.execute', { queryId: 7 }, { jobId: 'sqllab:abc' });
    await waitUntil('the run', () => seen.length === 1);
    expect(seen).toEqual([{ payload: { queryId: 7 }, jobId: 'sqllab:abc', attempt: 1 }]);
    expect(queue.kind).toBe('bullmq');
  });

  it('ignores an id already waiting, but not an id whose job finished', async () => {
    const { queue } = newQueue();
    await queue.add('sqllab.execute', { queryId: 1 }, { jobId: 'sqllab:same' });
    await queue.add('sqllab.execute', { queryId: 2 }, { jobId: 'sqllab:same' });
    const runs: number[] = [];
    let fail = true;
    queue.work(
      {
        'sqllab.execute': async ({ queryId }) => {
          runs.push(queryId);
          if (fail) throw new Error('boom');
        },
      },
      1,
    );
    await waitUntil('the first run', () => runs.length === 1);
    expect(runs).toEqual([1]);
    // It failed (and failed jobs are kept for a while): the same id can be queued again.
    await waitUntil('the failure', () => errors.length === 1);
    fail = false;
    await new Promise((r) => setTimeout(r, 100));
    await queue.add('sqllab.execute', { queryId: 3 }, { jobId: 'sqllab:same' });
    await waitUntil('the second run', () => runs.length === 2);
    // It completed: once more.
    await queue.add('sqllab.execute', { queryId: 4 }, { jobId: 'sqllab:same' });
    await waitUntil('the third run', () => runs.length === 3);
    expect(runs).toEqual([1, 3, 4]);
  });

  it('removes a waiting job only', async () => {
    const { queue } = newQueue();
    await queue.add('sqllab.execute', { queryId: 1 }, { jobId: 'sqllab:one' });
    await queue.add('sqllab.execute', { queryId: 2 }, { jobId: 'sqllab:two' });
    expect(await queue.remove('sqllab:two')).toBe(true);
    expect(await queue.remove('sqllab:two')).toBe(false);
    expect(await queue.remove('sqllab:unknown')).toBe(false);
    const runs: number[] = [];
    let release = () => undefined as void;
    queue.work(
      {
        'sqllab.execute': async ({ queryId }) => {
          runs.push(queryId);
          await new Promise<void>((r) => (release = r));
        },
      },
      1,
    );
    await waitUntil('the run', () => runs.length === 1);
    expect(await queue.remove('sqllab:one')).toBe(false); // running
    release();
    await new Promise((r) => setTimeout(r, 300));
    expect(await queue.remove('sqllab:one')).toBe(false); // finished
    expect(runs).toEqual([1]);
  });

  it('retries a retryable job that threw, not the others, and reports each failure', async () => {
    const { queue } = newQueue();
    const attempts: string[] = [];
    queue.work(
      {
        'chart_data.execute': async (_p, ctx) => {
          attempts.push(`chart ${ctx.attempt}`);
          if (ctx.attempt === 1) throw new Error('first try fails');
        },
        'sqllab.execute': async (_p, ctx) => {
          attempts.push(`lab ${ctx.attempt}`);
          throw new Error('lab fails');
        },
      },
      2,
    );
    await queue.add(
      'chart_data.execute',
      { jobId: 'c1', channelId: 'ch', userId: 1, contextKey: 'k' },
      { jobId: 'chart:c1' },
    );
    await queue.add('sqllab.execute', { queryId: 9 }, { jobId: 'sqllab:q9' });
    await waitUntil('the retry', () => attempts.includes('chart 2'));
    await new Promise((r) => setTimeout(r, 700)); // a retry of the lab job would come by now
    expect(attempts.sort()).toEqual(['chart 1', 'chart 2', 'lab 1']);
    expect(errors.map((e) => `${e.name} ${e.jobId} ${e.message}`).sort()).toEqual([
      'chart_data.execute chart:c1 first try fails',
      'sqllab.execute sqllab:q9 lab fails',
    ]);
  });

  it('fails a job this worker has no handler for, with a clear error, and refuses unknown names', async () => {
    const { queue, prefix } = newQueue();
    queue.work({}, 1);
    await queue.add('sqllab.execute', { queryId: 1 }, { jobId: 'sqllab:x' });
    await waitUntil('the failure', () => errors.length === 1);
    expect(errors[0]).toEqual({
      jobId: 'sqllab:x',
      name: 'sqllab.execute',
      message: 'No handler for job sqllab.execute in this worker',
    });
    const raw = new Queue('strata-jobs', { connection: redis!.duplicate(), prefix });
    try {
      expect(await raw.getJobState(toBullJobId('sqllab:x'))).toBe('failed');
    } finally {
      await raw.close();
      await raw.disconnect();
    }
    await expect(
      queue.add('nope' as 'sqllab.execute', { queryId: 1 }, { jobId: 'n' }),
    ).rejects.toThrow(/Unknown job name/);
  });

  it('close aborts the running jobs, waits for them and takes no more', async () => {
    const { queue, prefix } = newQueue();
    let ended = false;
    const started: string[] = [];
    queue.work(
      {
        'sqllab.execute': async (_p, ctx: JobContext) => {
          started.push(ctx.jobId);
          await new Promise<void>((r) => ctx.signal.addEventListener('abort', () => r()));
          await new Promise((r) => setTimeout(r, 100));
          ended = true;
        },
      },
      1,
    );
    await queue.add('sqllab.execute', { queryId: 1 }, { jobId: 'sqllab:a' });
    await queue.add('sqllab.execute', { queryId: 2 }, { jobId: 'sqllab:b' });
    await waitUntil('the first job', () => started.length === 1);
    await queue.close();
    expect(ended).toBe(true);
    expect(started).toEqual(['sqllab:a']);
    await expect(queue.add('sqllab.execute', { queryId: 3 }, { jobId: 'c' })).rejects.toThrow(
      /closed/,
    );
    // The second job still waits in Redis for another worker.
    const other = newQueue(prefix).queue;
    expect(await other.remove('sqllab:b')).toBe(true);
  });

  it('after kill -9 of its worker, a job that is not retryable never runs again; a retryable one does, within the lease', async () => {
    const { queue, prefix } = newQueue();
    await queue.add('sqllab.execute', { queryId: 1 }, { jobId: 'sqllab:killed' });
    await queue.add(
      'chart_data.execute',
      { jobId: 'c', channelId: 'ch', userId: null, contextKey: 'k' },
      { jobId: 'chart:killed' },
    );
    const child = startTsProcess(path.join(here, 'fixtures/bullmq-worker.ts'), {
      TEST_REDIS_URL: REDIS_URL,
      TEST_PREFIX: prefix,
      TEST_LEASE_SECONDS: String(LEASE),
    });
    children.push(child);
    await child.waitFor('worker ready');
    const runs = () => redis!.lrange(`${prefix}:test:runs`, 0, -1);
    await waitUntil('both jobs running in the child', async () => (await runs()).length === 2);
    const pid = child.child.pid!;
    expect((await runs()).sort()).toEqual([
      `chart_data.execute 1 ${pid}`,
      `sqllab.execute 1 ${pid}`,
    ]);
    child.child.kill('SIGKILL');
    await child.exited();
    const killedAt = Date.now();

    const second: string[] = [];
    queue.work(
      {
        'sqllab.execute': async (_p, ctx) => {
          second.push(`sqllab.execute ${ctx.attempt}`);
        },
        'chart_data.execute': async (_p, ctx) => {
          second.push(`chart_data.execute ${ctx.attempt}`);
        },
      },
      2,
    );
    await waitUntil('the retryable job re-run', () => second.length === 1, 10_000);
    const rerunAfter = Date.now() - killedAt;
    await waitUntil('the lost job failed', () => errors.length === 1, 10_000);
    expect(second).toEqual(['chart_data.execute 2']);
    // The lock of the dead worker lasts at most the lease, then a stalled check (lease / 4)
    // marks it and the next one takes it back.
    expect(rerunAfter).toBeLessThan(LEASE * 1000 * 1.5 + 1000);
    expect(errors).toEqual([
      {
        jobId: 'sqllab:killed',
        name: 'sqllab.execute',
        message: lostJobMessage('sqllab:killed'),
      },
    ]);
    await new Promise((r) => setTimeout(r, LEASE * 1000));
    expect(second).toEqual(['chart_data.execute 2']);
  });
});
