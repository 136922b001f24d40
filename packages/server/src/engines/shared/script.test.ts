import { describe, expect, it } from 'vitest';
import { EngineError } from '../types.js';
import { inStatement, runScript } from './script.js';

const cancelled = (): EngineError => new EngineError('cancelled', 'The query was cancelled');

describe('inStatement', () => {
  it('keeps kind, message and position, and adds the statement index', () => {
    const e = inStatement(new EngineError('syntax_error', 'bad', { line: 2, column: 3 }), 4);
    expect(e).toBeInstanceOf(EngineError);
    expect(e.kind).toBe('syntax_error');
    expect(e.message).toBe('bad');
    expect(e.extra).toEqual({ line: 2, column: 3, statementIndex: 4 });
  });
});

describe('runScript', () => {
  it('runs every statement in order, announces each first, and gives the last result', async () => {
    const log: string[] = [];
    const result = await runScript(
      ['a', 'b', 'c'],
      { onStatement: (i) => log.push(`start ${i}`) },
      async (sql, index, last) => {
        log.push(`run ${sql} ${index} ${last}`);
        return sql.toUpperCase();
      },
      cancelled,
    );
    expect(result).toBe('C');
    expect(log).toEqual([
      'start 0',
      'run a 0 false',
      'start 1',
      'run b 1 false',
      'start 2',
      'run c 2 true',
    ]);
  });

  it('refuses an empty script', async () => {
    const e = await runScript([], {}, async () => 1, cancelled).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).kind).toBe('query_error');
  });

  it('stops at a failing statement and marks its error with the index', async () => {
    const ran: number[] = [];
    const e = await runScript(
      ['ok', 'fails', 'never'],
      {},
      async (sql, index) => {
        ran.push(index);
        if (sql === 'fails') throw new EngineError('table_not_found', 'no t', { line: 1 });
        return index;
      },
      cancelled,
    ).catch((x: unknown) => x);
    expect(ran).toEqual([0, 1]);
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).kind).toBe('table_not_found');
    expect((e as EngineError).extra).toEqual({ line: 1, statementIndex: 1 });
  });

  it('passes other errors (the caller’s own) on unchanged', async () => {
    const mine = new Error('consumer failed');
    const e = await runScript(
      ['a'],
      {},
      async () => {
        throw mine;
      },
      cancelled,
    ).catch((x: unknown) => x);
    expect(e).toBe(mine);
  });

  it('reports a cancellation as such, and starts nothing once aborted', async () => {
    const controller = new AbortController();
    const ran: number[] = [];
    const e = await runScript(
      ['a', 'b', 'c'],
      { signal: controller.signal },
      async (_sql, index) => {
        ran.push(index);
        if (index === 1) {
          controller.abort();
          throw new EngineError('query_error', 'interrupted');
        }
        return index;
      },
      cancelled,
    ).catch((x: unknown) => x);
    expect(ran).toEqual([0, 1]);
    expect((e as EngineError).kind).toBe('cancelled');
    expect((e as EngineError).extra.statementIndex).toBeUndefined();

    const before = AbortSignal.abort();
    const started: number[] = [];
    const early = await runScript(
      ['a'],
      { signal: before, onStatement: (i) => started.push(i) },
      async () => 1,
      cancelled,
    ).catch((x: unknown) => x);
    expect((early as EngineError).kind).toBe('cancelled');
    expect(started).toEqual([]);
  });
});
