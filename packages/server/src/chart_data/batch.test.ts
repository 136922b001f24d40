import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.js';
import {
  BATCH_CONCURRENCY,
  BATCH_MAX_CONTEXTS,
  batchLine,
  parseBatchBody,
  runBatch,
} from './batch.js';
import { RawJson } from './raw-json.js';

const BAD_BODY = 'Bad request: contexts must be a list of 1 to 100 query contexts';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (err: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every pending promise callback run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Line {
  index: number;
  status: number;
  body: Record<string, unknown>;
}

const parse = (lines: string[]): Line[] =>
  lines.map((l) => {
    expect(l.endsWith('\n')).toBe(true);
    expect(l.slice(0, -1)).not.toContain('\n');
    return JSON.parse(l) as Line;
  });

const options = (signal = new AbortController().signal) => {
  const unexpected: unknown[] = [];
  return {
    unexpected,
    options: {
      concurrency: BATCH_CONCURRENCY,
      signal,
      onUnexpected: (e: unknown) => unexpected.push(e),
    },
  };
};

describe('parseBatchBody', () => {
  it('accepts 1 to 100 contexts', () => {
    expect(BATCH_MAX_CONTEXTS).toBe(100);
    expect(parseBatchBody({ contexts: [{ a: 1 }] })).toEqual([{ a: 1 }]);
    const hundred = Array.from({ length: 100 }, (_, i) => ({ i }));
    expect(parseBatchBody({ contexts: hundred })).toBe(hundred);
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['a string', 'contexts'],
    ['a list', [{}]],
    ['no contexts', {}],
    ['contexts not a list', { contexts: { 0: {} } }],
    ['an empty list', { contexts: [] }],
    ['101 contexts', { contexts: Array.from({ length: 101 }, () => ({})) }],
  ])('refuses %s with a 400', (_name, body) => {
    let thrown: unknown;
    try {
      parseBatchBody(body);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).statusCode).toBe(400);
    expect((thrown as ApiError).message).toBe(BAD_BODY);
    expect((thrown as ApiError).body).toBeUndefined();
  });
});

describe('batchLine', () => {
  it('writes index, status and body on one line, raw rows spliced in', () => {
    const line = batchLine(3, {
      status: 200,
      body: { result: [{ data: new RawJson('[{"n":1}]'), rowcount: 1 }] },
    });
    expect(line).toBe(
      '{"index":3,"status":200,"body":{"result":[{"data":[{"n":1}],"rowcount":1}]}}\n',
    );
  });
});

describe('runBatch', () => {
  it('writes one line per context: success, ApiErrors, unexpected errors, files refused', async () => {
    const boom = new Error('secret detail');
    const contexts = [
      { kind: 'ok' },
      { kind: 'missing' },
      { kind: 'engine' },
      { kind: 'boom' },
      { kind: 'ok', result_format: 'csv' },
      { kind: 'ok', result_format: 'xlsx' },
      { kind: 'ok', result_format: 'json' },
      'not even an object',
    ];
    const ran: unknown[] = [];
    const runOne = async (ctx: unknown) => {
      ran.push(ctx);
      const kind = typeof ctx === 'object' && ctx !== null ? (ctx as { kind: string }).kind : '';
      if (kind === 'ok') return { queries: [{ data: new RawJson('[{"n":2}]'), rowcount: 1 }] };
      if (kind === 'missing') throw new ApiError(404, 'Not found');
      if (kind === 'engine')
        throw new ApiError(400, 'Error: bad', { message: 'Error: bad', errors: [{ x: 1 }] });
      if (kind === 'boom') throw boom;
      throw new ApiError(400, 'Bad request: datasource is required');
    };
    const lines: string[] = [];
    const { options: opts, unexpected } = options();
    await runBatch(contexts, runOne, (l) => void lines.push(l), opts);

    const byIndex = new Map(parse(lines).map((l) => [l.index, l]));
    expect(lines).toHaveLength(contexts.length);
    expect([...byIndex.keys()].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const ok = { result: [{ data: [{ n: 2 }], rowcount: 1 }] };
    expect(byIndex.get(0)).toEqual({ index: 0, status: 200, body: ok });
    expect(byIndex.get(1)).toEqual({ index: 1, status: 404, body: { message: 'Not found' } });
    expect(byIndex.get(2)).toEqual({
      index: 2,
      status: 400,
      body: { message: 'Error: bad', errors: [{ x: 1 }] },
    });
    expect(byIndex.get(3)).toEqual({
      index: 3,
      status: 500,
      body: { message: 'Internal server error' },
    });
    const jsonOnly = { message: 'Bad request: a batch answers JSON only' };
    expect(byIndex.get(4)).toEqual({ index: 4, status: 400, body: jsonOnly });
    expect(byIndex.get(5)).toEqual({ index: 5, status: 400, body: jsonOnly });
    expect(byIndex.get(6)).toEqual({ index: 6, status: 200, body: ok });
    expect(byIndex.get(7)).toEqual({
      index: 7,
      status: 400,
      body: { message: 'Bad request: datasource is required' },
    });
    expect(unexpected).toEqual([boom]);
    expect(lines.join('')).not.toContain('secret detail');
    // The file contexts were never run.
    expect(ran).toHaveLength(6);
    expect(ran).not.toContainEqual(expect.objectContaining({ result_format: 'csv' }));
    expect(ran).not.toContainEqual(expect.objectContaining({ result_format: 'xlsx' }));
  });

  it('never runs more than `concurrency` contexts at once, starting the next as one ends', async () => {
    const runs: Array<Deferred<{ queries: unknown[] }>> = [];
    let running = 0;
    let most = 0;
    const runOne = async () => {
      running += 1;
      most = Math.max(most, running);
      const d = deferred<{ queries: unknown[] }>();
      runs.push(d);
      try {
        return await d.promise;
      } finally {
        running -= 1;
      }
    };
    const lines: string[] = [];
    const { options: opts } = options();
    const done = runBatch(
      Array.from({ length: 20 }, (_, i) => ({ i })),
      runOne,
      (l) => void lines.push(l),
      opts,
    );
    await settle();
    expect(runs).toHaveLength(6);
    expect(running).toBe(6);
    runs[2]!.resolve({ queries: [] });
    await settle();
    expect(runs).toHaveLength(7);
    expect(running).toBe(6);
    expect(lines).toHaveLength(1);
    // Finish everything, a few at a time, in a scattered order.
    while (lines.length < 20) {
      const open = runs.filter((_, i) => !parse(lines).some((l) => l.index === i));
      for (const d of open.reverse().slice(0, 3)) d.resolve({ queries: [] });
      await settle();
      expect(running).toBeLessThanOrEqual(6);
    }
    await done;
    expect(most).toBe(6);
    expect(runs).toHaveLength(20);
    expect(new Set(parse(lines).map((l) => l.index)).size).toBe(20);
  });

  it('writes the answers in the order they complete', async () => {
    const runs = [0, 1, 2].map(() => deferred<{ queries: unknown[] }>());
    const lines: string[] = [];
    const { options: opts } = options();
    const done = runBatch(
      [{ i: 0 }, { i: 1 }, { i: 2 }],
      (ctx) => runs[(ctx as { i: number }).i]!.promise,
      (l) => void lines.push(l),
      opts,
    );
    runs[2]!.resolve({ queries: [{ q: 2 }] });
    await settle();
    runs[0]!.reject(new ApiError(403, 'Forbidden'));
    await settle();
    runs[1]!.resolve({ queries: [{ q: 1 }] });
    await done;
    expect(parse(lines)).toEqual([
      { index: 2, status: 200, body: { result: [{ q: 2 }] } },
      { index: 0, status: 403, body: { message: 'Forbidden' } },
      { index: 1, status: 200, body: { result: [{ q: 1 }] } },
    ]);
  });

  it('stops starting runs when aborted, passing the signal on to those going', async () => {
    const controller = new AbortController();
    const seen: AbortSignal[] = [];
    const runs: Array<Deferred<{ queries: unknown[] }>> = [];
    const runOne = (_ctx: unknown, signal: AbortSignal) => {
      seen.push(signal);
      const d = deferred<{ queries: unknown[] }>();
      signal.addEventListener('abort', () =>
        d.reject(new ApiError(400, 'The query was cancelled')),
      );
      runs.push(d);
      return d.promise;
    };
    const lines: string[] = [];
    const { options: opts, unexpected } = options(controller.signal);
    const done = runBatch(
      Array.from({ length: 10 }, (_, i) => ({ i })),
      runOne,
      (l) => void lines.push(l),
      { ...opts, concurrency: 3 },
    );
    await settle();
    runs[0]!.resolve({ queries: [] });
    await settle();
    expect(runs).toHaveLength(4);
    expect(lines).toHaveLength(1);
    controller.abort();
    await done;
    await settle();
    expect(runs).toHaveLength(4);
    expect(seen.every((s) => s === controller.signal)).toBe(true);
    expect(seen[1]!.aborted).toBe(true);
    // The cancelled runs are not answered: nobody is listening.
    expect(lines).toHaveLength(1);
    expect(unexpected).toEqual([]);
  });

  it('starts nothing when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    let ran = 0;
    const lines: string[] = [];
    const { options: opts } = options(controller.signal);
    await runBatch(
      [{}, {}],
      async () => {
        ran += 1;
        return { queries: [] };
      },
      (l) => void lines.push(l),
      opts,
    );
    expect(ran).toBe(0);
    expect(lines).toEqual([]);
  });

  it('survives a failing write: reported, nothing more started, the promise resolves', async () => {
    let ran = 0;
    const failure = new Error('stream gone');
    const { options: opts, unexpected } = options();
    await expect(
      runBatch(
        Array.from({ length: 10 }, () => ({})),
        async () => {
          ran += 1;
          return { queries: [] };
        },
        () => {
          throw failure;
        },
        { ...opts, concurrency: 2 },
      ),
    ).resolves.toBeUndefined();
    expect(unexpected).toEqual([failure]);
    expect(ran).toBe(2);
  });

  it('holds a worker while its write waits (a full stream) before starting its next context', async () => {
    const drained = deferred<void>();
    let ran = 0;
    const lines: string[] = [];
    const { options: opts } = options();
    const done = runBatch(
      [{}, {}, {}],
      async () => {
        ran += 1;
        return { queries: [] };
      },
      (l) => {
        lines.push(l);
        if (lines.length === 1) return drained.promise;
      },
      { ...opts, concurrency: 1 },
    );
    await settle();
    expect(ran).toBe(1);
    expect(lines).toHaveLength(1);
    drained.resolve();
    await done;
    expect(ran).toBe(3);
    expect(parse(lines).map((l) => l.index)).toEqual([0, 1, 2]);
  });
});
