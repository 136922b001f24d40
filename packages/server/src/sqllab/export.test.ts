import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.js';
import { EngineError } from '../engines/types.js';
import {
  decodeMessage,
  encodeMessage,
  MemoryExportChannel,
  type ExportMessage,
} from './export-channel.js';
import { CsvChunker, exportFailure, exportStatementsOf } from './export.js';

describe('exportStatementsOf', () => {
  it('reads the export statements of a stored script, null otherwise', () => {
    const script = { statements: ['SELECT 1\nLIMIT 10'], exportStatements: ['SELECT 1'] };
    expect(exportStatementsOf(JSON.stringify(script))).toEqual(['SELECT 1']);
    expect(exportStatementsOf(JSON.stringify({ ...script, exportStatements: null }))).toBeNull();
    // Stored before exports ran queries again: the stored result is exported.
    expect(exportStatementsOf(JSON.stringify({ statements: ['SELECT 1'] }))).toBeNull();
    expect(exportStatementsOf(JSON.stringify({ exportStatements: [] }))).toBeNull();
    expect(exportStatementsOf(JSON.stringify({ exportStatements: [1] }))).toBeNull();
    expect(exportStatementsOf('{not json')).toBeNull();
    expect(exportStatementsOf(null)).toBeNull();
  });
});

describe('CsvChunker', () => {
  it('writes the header and rows as CSV, in chunks of about the asked size', () => {
    const chunker = new CsvChunker(20);
    chunker.header([{ name: 'a', type: 'INT', generic: 0, nullable: true }]);
    const full = chunker.add([[1], ['x,y'], ['=cmd'], [null]]);
    const rest = chunker.rest();
    expect(full.join('') + rest).toBe('a\r\n1\r\n"x,y"\r\n\'=cmd\r\n\r\n');
    expect(full.length).toBeGreaterThan(0);
    for (const chunk of full) expect(chunk.length).toBeGreaterThanOrEqual(20);
    expect(chunker.rows).toBe(4);
    expect(chunker.rest()).toBe('');
  });
});

describe('exportFailure', () => {
  it('answers refusals with their status, database errors 422, others 500', () => {
    expect(exportFailure(new ApiError(403, 'No.'))).toEqual({
      kind: 'error',
      status: 403,
      message: 'No.',
    });
    expect(exportFailure(new EngineError('table_not_found', 'No table t'))).toMatchObject({
      status: 422,
      message: 'No table t',
    });
    expect(exportFailure(new EngineError('cancelled', 'x'))).toMatchObject({ status: 499 });
    expect(exportFailure(new Error('secret detail'))).toEqual({
      kind: 'error',
      status: 500,
      message: 'The export failed unexpectedly.',
    });
  });
});

describe('export channel messages', () => {
  it('encode and decode every kind; anything else is an error', () => {
    const messages: ExportMessage[] = [
      { kind: 'data', text: 'a,b\r\n{"x":1}\r\n' },
      { kind: 'data', text: '' },
      { kind: 'end', rows: 42 },
      { kind: 'error', status: 422, message: 'bad' },
    ];
    for (const m of messages) expect(decodeMessage(encodeMessage(m))).toEqual(m);
    expect(decodeMessage('E{"rows":"x"}')).toMatchObject({ kind: 'error', status: 500 });
    expect(decodeMessage('Z')).toMatchObject({ kind: 'error', status: 500 });
  });
});

describe('MemoryExportChannel', () => {
  it('holds at most `window` messages: the producer waits for the consumer', async () => {
    const channel = new MemoryExportChannel(2);
    const consumer = await channel.consumer('a'.repeat(32));
    const producer = await channel.producer('a'.repeat(32));
    const sent: number[] = [];
    const producing = (async () => {
      for (let i = 0; i < 5; i += 1) {
        expect(await producer.send({ kind: 'data', text: String(i) })).toBe(true);
        sent.push(i);
      }
      await producer.send({ kind: 'end', rows: 5 });
    })();
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toEqual([0, 1]);
    const got: string[] = [];
    for (;;) {
      const m = await consumer.next(1000);
      if (m.kind !== 'data') {
        expect(m).toEqual({ kind: 'end', rows: 5 });
        break;
      }
      got.push(m.text);
      // Never more than the window ahead of the consumer.
      expect(sent.length - got.length).toBeLessThanOrEqual(2);
    }
    await producing;
    expect(got).toEqual(['0', '1', '2', '3', '4']);
    await consumer.close();
  });

  it('a cancel aborts the producer, which then sends nothing; a waiting consumer returns', async () => {
    const channel = new MemoryExportChannel(1);
    const consumer = await channel.consumer('b'.repeat(32));
    const producer = await channel.producer('b'.repeat(32));
    expect(await producer.send({ kind: 'data', text: 'x' })).toBe(true);
    const blocked = producer.send({ kind: 'data', text: 'y' });
    await consumer.cancel();
    expect(producer.signal.aborted).toBe(true);
    expect(await blocked).toBe(false);
    expect(await consumer.next(1000)).toMatchObject({ kind: 'error', status: 499 });
    await consumer.close();
    // A producer for an export nobody reads any more is aborted at once.
    const late = await channel.producer('b'.repeat(32));
    expect(late.signal.aborted).toBe(true);
  });

  it('gives the consumer an error when no producer speaks within the idle time', async () => {
    const channel = new MemoryExportChannel();
    const consumer = await channel.consumer('c'.repeat(32));
    expect(await consumer.next(30)).toMatchObject({ kind: 'error', status: 504 });
    await consumer.close();
  });
});
