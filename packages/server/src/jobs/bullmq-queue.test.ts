import { describe, expect, it } from 'vitest';
import {
  admitJob,
  fromBullJobId,
  jobOptionsFor,
  lostJobMessage,
  toBullJobId,
  workerTimings,
} from './bullmq-queue.js';
import { RETRYABLE_ATTEMPTS } from './types.js';

describe('BullMQ job ids', () => {
  it('have no colon, are never integers and decode back one-to-one', () => {
    for (const id of ['sqllab:abc', 'maintenance.purge:1700000000000', '42', 'a%3Ab', '%:%', 'x']) {
      const bull = toBullJobId(id);
      expect(bull).not.toContain(':');
      expect(`${parseInt(bull, 10)}`).not.toBe(bull);
      expect(fromBullJobId(bull)).toBe(id);
    }
    expect(toBullJobId('a:b')).not.toBe(toBullJobId('a%3Ab'));
    expect(() => toBullJobId('')).toThrow();
  });
});

describe('jobOptionsFor', () => {
  it('gives retryable jobs several attempts with a backoff and the others one', () => {
    const chart = jobOptionsFor('chart_data.execute', 'c1');
    expect(chart.attempts).toBe(RETRYABLE_ATTEMPTS);
    expect(chart.backoff).toBeDefined();
    const lab = jobOptionsFor('sqllab.execute', 'sqllab:q1');
    expect(lab.attempts).toBe(1);
    expect(lab.backoff).toBeUndefined();
    expect(lab.jobId).toBe(toBullJobId('sqllab:q1'));
    expect(lab.removeOnComplete).toBe(true);
    expect(lab.removeOnFail).toMatchObject({ count: expect.any(Number) });
  });
});

describe('workerTimings', () => {
  it('locks for the lease and checks for stalled jobs several times per lease', () => {
    const t = workerTimings(30);
    expect(t.lockDuration).toBe(30_000);
    expect(t.stalledInterval).toBeLessThanOrEqual(10_000);
    expect(t.stalledInterval).toBeGreaterThan(0);
    expect(() => workerTimings(0)).toThrow(RangeError);
    expect(() => workerTimings(Number.NaN)).toThrow(RangeError);
  });
});

describe('admitJob', () => {
  it('runs a job the first time it is taken', () => {
    expect(admitJob('sqllab.execute', 'q', 1, 0)).toEqual({ run: true, attempt: 1 });
    expect(admitJob('chart_data.execute', 'c', 1, 0)).toEqual({ run: true, attempt: 1 });
  });
  it('never runs a job that is not retryable a second time', () => {
    expect(admitJob('sqllab.execute', 'q', 2, 1)).toEqual({
      run: false,
      reason: lostJobMessage('q'),
    });
    expect(admitJob('sqllab.execute', 'q', 2, 0).run).toBe(false);
    expect(admitJob('sqllab.execute', 'q', 1, 1).run).toBe(false);
  });
  it('runs a retryable job again until its attempts are used', () => {
    expect(admitJob('chart_data.execute', 'c', 2, 1)).toEqual({ run: true, attempt: 2 });
    expect(admitJob('maintenance.purge', 'm', 2, 0)).toEqual({ run: true, attempt: 2 });
    expect(admitJob('chart_data.execute', 'c', RETRYABLE_ATTEMPTS + 1, 1).run).toBe(false);
  });
  it('refuses unknown names', () => {
    expect(admitJob('nope', 'x', 1, 0)).toEqual({ run: false, reason: 'Unknown job name: nope' });
    expect(admitJob('toString', 'x', 1, 0).run).toBe(false);
  });
});
