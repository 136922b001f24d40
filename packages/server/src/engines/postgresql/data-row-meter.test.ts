import { describe, expect, it } from 'vitest';
import {
  DataRowMeter,
  MAX_ROW_MESSAGE_BYTES,
  WIRE_BYTES_PER_COUNTED_BYTE,
} from './data-row-meter.js';

/** One protocol message: type byte, int32 length (counting itself), body. */
function message(type: string, body: number | Buffer): Buffer {
  const payload = typeof body === 'number' ? Buffer.alloc(body, 0x61) : body;
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeUInt32BE(payload.length + 4, 1);
  return Buffer.concat([head, payload]);
}

/** Only a DataRow's header: what arrives first of a huge value. */
function dataRowHeader(bodyLength: number): Buffer {
  const head = Buffer.alloc(5);
  head.write('D', 0, 'latin1');
  head.writeUInt32BE(bodyLength + 4, 1);
  return head;
}

describe('DataRowMeter', () => {
  it('counts only data rows, against three times the budget', () => {
    const meter = new DataRowMeter();
    meter.begin(100);
    const limit = 100 * WIRE_BYTES_PER_COUNTED_BYTE;
    // RowDescription and CommandComplete of any size do not count.
    expect(meter.feed(message('T', 1000))).toBeNull();
    expect(meter.feed(message('D', limit - 4 - 10))).toBeNull();
    expect(meter.feed(message('C', 500))).toBeNull();
    expect(meter.feed(message('D', 6))).toBeNull();
    expect(meter.feed(message('D', 1))).toEqual({ limit, rowTooLong: false });
  });

  it('refuses at the header, before the row is on its way, whatever the chunking', () => {
    const meter = new DataRowMeter();
    meter.begin(1024);
    const stream = Buffer.concat([message('T', 20), message('D', 50), dataRowHeader(600_000_000)]);
    let refusal = null;
    // Byte by byte: headers split across chunks are followed.
    for (let i = 0; i < stream.length && !refusal; i++)
      refusal = meter.feed(stream.subarray(i, i + 1));
    expect(refusal).toEqual({ limit: MAX_ROW_MESSAGE_BYTES, rowTooLong: true });
  });

  it('refuses one row longer than V8 strings allow even without a budget', () => {
    const meter = new DataRowMeter();
    meter.begin(undefined);
    expect(meter.feed(message('D', 10_000))).toBeNull();
    expect(meter.feed(dataRowHeader(MAX_ROW_MESSAGE_BYTES))).toEqual({
      limit: MAX_ROW_MESSAGE_BYTES,
      rowTooLong: true,
    });
  });

  it('starts each call afresh and counts nothing after end', () => {
    const meter = new DataRowMeter();
    meter.begin(10);
    expect(meter.feed(message('D', 20))).toBeNull();
    meter.end();
    expect(meter.feed(message('D', 5000))).toBeNull();
    meter.begin(10);
    expect(meter.feed(message('D', 20))).toBeNull();
    expect(meter.feed(message('D', 20))).not.toBeNull();
  });

  it('follows messages several to a chunk and bodies across chunks', () => {
    const meter = new DataRowMeter();
    meter.begin(40);
    const all = Buffer.concat([
      message('D', 30),
      message('Z', 1),
      message('D', 30),
      message('D', 80),
    ]);
    expect(meter.feed(all.subarray(0, 17))).toBeNull();
    expect(meter.feed(all.subarray(17, 50))).toBeNull();
    expect(meter.feed(all.subarray(50))).toEqual({ limit: 120, rowTooLong: false });
  });
});
