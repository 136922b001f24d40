import { describe, expect, it } from 'vitest';
import {
  heartbeatIntervalMs,
  liveSince,
  lostWorkerError,
  lostWorkerMessage,
  newInstanceId,
} from './instances.js';

describe('instance ids', () => {
  it('are <hostname>-<pid>-<6 hex>, new each time', () => {
    const id = newInstanceId('web-1.example', 4242);
    expect(id).toMatch(/^web-1\.example-4242-[0-9a-f]{6}$/);
    expect(newInstanceId('h', 1)).not.toBe(newInstanceId('h', 1));
    expect(newInstanceId()).toMatch(new RegExp(`-${process.pid}-[0-9a-f]{6}$`));
  });
  it('keep odd host names readable and short', () => {
    expect(newInstanceId('a b/c', 1)).toMatch(/^a_b_c-1-[0-9a-f]{6}$/);
    expect(newInstanceId('x'.repeat(300), 1).length).toBeLessThanOrEqual(100);
  });
});

describe('a lost worker', () => {
  it('is named in the message and the error of its queries', () => {
    expect(lostWorkerMessage('w-1-abcdef')).toBe(
      'The query was interrupted: the worker w-1-abcdef running it stopped. Run it again.',
    );
    expect(lostWorkerError('w')).toEqual({
      message: lostWorkerMessage('w'),
      error_type: 'GENERIC_BACKEND_ERROR',
      level: 'error',
      extra: { reason: 'worker_lost', worker: 'w' },
    });
  });
});

describe('leases', () => {
  it('beat three times per lease; live means a beat within the lease', () => {
    expect(heartbeatIntervalMs(30)).toBe(10_000);
    expect(heartbeatIntervalMs(0.01)).toBe(50);
    expect(liveSince(100_000, 30_000)).toBe(70_000);
  });
});
