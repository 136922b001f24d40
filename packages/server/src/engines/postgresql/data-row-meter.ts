/**
 * Issue 16 point 2: the sizes of PostgreSQL's DataRow messages, read from the bytes of the
 * connection as they arrive, before node-postgres parses them. pg-protocol keeps a whole message
 * in memory and turns every field into a string when the message is complete, in the socket's
 * data handler: a value longer than V8's longest string throws there (an uncaught exception that
 * ends the process), and a value of hundreds of MB is read whole and blocks the event loop before
 * any caller can count it. The meter sees each message's length in its 5-byte header (type byte,
 * then a big-endian int32 length that counts itself), so a call is refused while the message is
 * still on its way.
 */
import { constants } from 'node:buffer';

/** Type byte of a DataRow message ('D'). */
const DATA_ROW = 0x44;
const HEADER = 5;

/**
 * No row may be longer than this, whatever the call's budget: a single field past V8's longest
 * string cannot be parsed (pg-protocol would throw in the socket's data handler).
 */
export const MAX_ROW_MESSAGE_BYTES = constants.MAX_STRING_LENGTH;

/**
 * The wire bytes of a result may be up to three times what the callers' byte budgets count for
 * it: the budgets count text by its UTF-16 length and a UTF-8 character takes up to 3 bytes per
 * UTF-16 unit (bytea's hex text is 2 bytes per byte, its base64 4/3). A call's DataRow bytes are
 * refused past `WIRE_BYTES_PER_COUNTED_BYTE × maxBytes`, so the meter never refuses a result the
 * budget would have taken, and no result of more than that is ever read into memory.
 */
export const WIRE_BYTES_PER_COUNTED_BYTE = 3;

export interface Refusal {
  /** The wire bytes of data rows allowed when the call was refused. */
  limit: number;
  /** True when one row alone was longer than MAX_ROW_MESSAGE_BYTES. */
  rowTooLong: boolean;
}

/** Follows the message boundaries of one connection's incoming bytes. */
export class DataRowMeter {
  private readonly header = new Uint8Array(HEADER);
  private headerFill = 0;
  /** Bytes of the current message's body still to come. */
  private skip = 0;
  private rowBytes = 0;
  private limit = Number.POSITIVE_INFINITY;

  /**
   * Starts counting a call's data rows: past `maxBytes × WIRE_BYTES_PER_COUNTED_BYTE` wire bytes
   * (none: no limit but MAX_ROW_MESSAGE_BYTES per row) the next `feed` refuses.
   */
  begin(maxBytes: number | undefined): void {
    this.rowBytes = 0;
    this.limit =
      maxBytes === undefined || !Number.isFinite(maxBytes)
        ? Number.POSITIVE_INFINITY
        : Math.max(0, maxBytes) * WIRE_BYTES_PER_COUNTED_BYTE;
  }

  /** The call ended: rows that follow count against no budget. */
  end(): void {
    this.begin(undefined);
  }

  /**
   * Reads the message headers in `chunk` (the next bytes of the connection, in order). Returns a
   * Refusal as soon as a DataRow's header shows it goes past a limit; the connection must then
   * be closed without handing the chunk on (its boundaries are no longer followed).
   */
  feed(chunk: Uint8Array): Refusal | null {
    let at = 0;
    while (at < chunk.length) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - at);
        this.skip -= n;
        at += n;
        continue;
      }
      const n = Math.min(HEADER - this.headerFill, chunk.length - at);
      this.header.set(chunk.subarray(at, at + n), this.headerFill);
      this.headerFill += n;
      at += n;
      if (this.headerFill < HEADER) break;
      this.headerFill = 0;
      const h = this.header;
      // The length counts its own 4 bytes, not the type byte.
      const length = ((h[1]! << 24) | (h[2]! << 16) | (h[3]! << 8) | h[4]!) >>> 0;
      this.skip = Math.max(0, length - 4);
      if (h[0] !== DATA_ROW) continue;
      if (length > MAX_ROW_MESSAGE_BYTES) return { limit: MAX_ROW_MESSAGE_BYTES, rowTooLong: true };
      this.rowBytes += length;
      if (this.rowBytes > this.limit) return { limit: this.limit, rowTooLong: false };
    }
    return null;
  }
}
