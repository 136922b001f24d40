import { describe, expect, it } from 'vitest';
import { InProcessQueue } from './in-process-queue.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('InProcessQueue', () => {
  it('runs at most `concurrency` jobs at a time, in order', async () => {
    const q = new InProcessQueue(2);
    const started: string[] = [];
    const releases: Array<() => void> = [];
    for (const id of ['a', 'b', 'c']) {
      q.add(id, () => {
        started.push(id);
        return new Promise<void>((r) => releases.push(r));
      });
    }
    await tick();
    expect(started).toEqual(['a', 'b']);
    expect(q.size).toBe(1);
    releases[0]!();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    releases[1]!();
    releases[2]!();
    await q.close();
  });

  it('cancels waiting jobs only', async () => {
    const q = new InProcessQueue(1);
    let ranB = false;
    let release!: () => void;
    q.add('a', () => new Promise<void>((r) => (release = r)));
    q.add('b', async () => {
      ranB = true;
    });
    await tick();
    expect(q.cancel('a')).toBe(false);
    expect(q.cancel('b')).toBe(true);
    release();
    await q.close();
    expect(ranB).toBe(false);
  });

  it('reports failures and goes on', async () => {
    const errors: string[] = [];
    const q = new InProcessQueue(1, (id) => errors.push(id));
    let ran = false;
    q.add('bad', async () => {
      throw new Error('boom');
    });
    q.add('good', async () => {
      ran = true;
    });
    await tick();
    await q.close();
    expect(errors).toEqual(['bad']);
    expect(ran).toBe(true);
  });

  it('refuses duplicate ids and a bad concurrency', () => {
    const q = new InProcessQueue(1);
    q.add('x', () => new Promise(() => undefined));
    expect(() => q.add('x', async () => undefined)).toThrow();
    expect(() => new InProcessQueue(0)).toThrow();
  });
});
