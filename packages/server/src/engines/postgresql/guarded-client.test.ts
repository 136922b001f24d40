import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ResultSizeError } from '../types.js';
import { DataRowMeter } from './data-row-meter.js';
import { GuardedClient, guardStream } from './guarded-client.js';

function dataRow(bodyLength: number): Buffer {
  const head = Buffer.alloc(5);
  head.write('D', 0, 'latin1');
  head.writeUInt32BE(bodyLength + 4, 1);
  return Buffer.concat([head, Buffer.alloc(bodyLength)]);
}

function guarded(onData: (chunk: Buffer) => void, maxBytes: number) {
  const stream = new PassThrough();
  const meter = new DataRowMeter();
  meter.begin(maxBytes);
  guardStream(stream, meter, () => maxBytes);
  const errors: unknown[] = [];
  stream.on('error', (e) => errors.push(e));
  stream.on('data', onData);
  return { stream, errors };
}

describe('guardStream', () => {
  it('hands chunks on within the budget and closes the stream past it, without handing on', async () => {
    const seen: number[] = [];
    const { stream, errors } = guarded((c) => seen.push(c.length), 20);
    stream.emit('data', dataRow(20));
    stream.emit('data', dataRow(20));
    expect(seen).toEqual([25, 25]);
    stream.emit('data', dataRow(20));
    expect(seen).toEqual([25, 25]);
    await new Promise((r) => setImmediate(r));
    expect(stream.destroyed).toBe(true);
    expect(errors[0]).toBeInstanceOf(ResultSizeError);
    expect((errors[0] as ResultSizeError).maxBytes).toBe(20);
  });

  it("turns what the parser throws into the stream's error, never an uncaught exception", async () => {
    const { stream, errors } = guarded(() => {
      throw new RangeError('Cannot create a string longer than 0x1fffffe8 characters');
    }, 1000);
    expect(() => stream.emit('data', Buffer.from('x'))).not.toThrow();
    await new Promise((r) => setImmediate(r));
    expect(errors[0]).toBeInstanceOf(ResultSizeError);

    const other = guarded(() => {
      throw new TypeError('boom');
    }, 1000);
    expect(() => other.stream.emit('data', Buffer.from('x'))).not.toThrow();
    await new Promise((r) => setImmediate(r));
    expect(other.errors[0]).toBeInstanceOf(TypeError);
  });
});

describe('GuardedClient', () => {
  it("installs itself on pg's connection", () => {
    const client = new GuardedClient({ connectionString: 'postgresql://x@127.0.0.1:1/x' });
    const connection = (client as unknown as { connection: { attachListeners: unknown } })
      .connection;
    expect(Object.prototype.hasOwnProperty.call(connection, 'attachListeners')).toBe(true);
  });
});
