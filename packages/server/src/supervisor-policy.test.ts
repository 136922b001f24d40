import { describe, expect, it } from 'vitest';
import {
  decideRestart,
  describeExit,
  LineTail,
  type ChildExit,
  type RestartPolicy,
} from './supervisor-policy.js';

const policy: RestartPolicy = {
  quickMs: 30_000,
  maxQuickCrashes: 3,
  baseDelayMs: 1000,
  maxDelayMs: 5000,
};
const exit = (over: Partial<ChildExit>): ChildExit => ({
  code: null,
  signal: null,
  uptimeMs: 1000,
  stderrTail: [],
  ...over,
});

describe('decideRestart', () => {
  it('does not restart a clean exit, a configuration error or a stop it asked for', () => {
    expect(decideRestart(exit({ code: 0 }), 0, false, policy)).toMatchObject({
      action: 'stop',
      exitCode: 0,
    });
    expect(decideRestart(exit({ code: 2 }), 0, false, policy)).toMatchObject({
      action: 'stop',
      exitCode: 2,
      reason: expect.stringMatching(/configuration error, not restarted/),
    });
    expect(decideRestart(exit({ signal: 'SIGTERM' }), 0, true, policy)).toMatchObject({
      action: 'stop',
      exitCode: 0,
    });
  });

  it('restarts crashes, kills and out-of-memory aborts, saying why', () => {
    const killed = decideRestart(exit({ signal: 'SIGKILL', uptimeMs: 60_000 }), 0, false, policy);
    expect(killed).toMatchObject({ action: 'restart', delayMs: 1000, quickCrashes: 0 });
    expect(killed.reason).toMatch(/killed by SIGKILL/);
    const oom = decideRestart(
      exit({
        code: 134,
        stderrTail: [
          'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
        ],
      }),
      0,
      false,
      policy,
    );
    expect(oom).toMatchObject({ action: 'restart' });
    expect(oom.reason).toMatch(/exited with code 134 .*\(out of memory\)/);
    expect(decideRestart(exit({ code: 1 }), 0, false, policy).action).toBe('restart');
  });

  it('backs off on quick crashes in a row, then gives up', () => {
    let quick = 0;
    const delays: number[] = [];
    for (;;) {
      const d = decideRestart(exit({ code: 1, uptimeMs: 500 }), quick, false, policy);
      if (d.action === 'stop') {
        expect(d.exitCode).toBe(1);
        expect(d.reason).toMatch(/giving up after 4 quick crashes in a row/);
        break;
      }
      delays.push(d.delayMs);
      quick = d.quickCrashes;
    }
    expect(delays).toEqual([1000, 2000, 4000]);
    // A long run in between starts the count over.
    const after = decideRestart(exit({ code: 1, uptimeMs: 120_000 }), 3, false, policy);
    expect(after).toMatchObject({ action: 'restart', quickCrashes: 0, delayMs: 1000 });
  });

  it('caps the delay', () => {
    const big: RestartPolicy = { ...policy, maxQuickCrashes: 100 };
    expect(decideRestart(exit({ code: 1 }), 20, false, big)).toMatchObject({ delayMs: 5000 });
  });
});

describe('describeExit and LineTail', () => {
  it('names the code or signal and the uptime', () => {
    expect(describeExit(exit({ code: 3, uptimeMs: 2500 }))).toBe('exited with code 3 after 2.5 s');
  });

  it('keeps the last lines, across chunks', () => {
    const tail = new LineTail(2, 10);
    tail.push('one\ntw');
    tail.push('o\nthree\nfour-is-a-long-line\npart');
    expect(tail.take()).toEqual(['four-is-a-', 'part']);
    expect(tail.take()).toEqual([]);
  });
});
